import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import type { Locale, Page, QueuedReview } from '../../../api/types';
import { isolate } from '../model';
import { t } from '../../../i18n';
import { editPageUrl } from '../../../lib/page';
import { formatNames, formatWhen } from '../../../lib/when';
import type { ApproveRequest } from '../../../api/types';
import type { DecideResult, ReviewApi } from '../api';
import { ReviewComparison } from './ReviewComparison';

type How = ApproveRequest['publish'];

interface ReviewDetailProps {
  review: QueuedReview;
  locales: readonly Locale[];
  api: ReviewApi;
  /** The change was decided: the screen takes it off the list and says so. */
  onDecided: (message: string) => void;
  onBack: () => void;
  /** A block's title in the interface language (the templates'), null for one they lack. */
  blockTitle: (name: string) => string | null;
}

/**
 * One waiting change: what it sets compared with the live page word by word, the author's
 * message, and the decision (approve: as submitted, now, at a time or marked Reviewed; or
 * request changes), each with a comment. A 409 says what changed on the page since.
 */
export function ReviewDetail({
  review,
  locales,
  api,
  onDecided,
  onBack,
  blockTitle,
}: ReviewDetailProps) {
  const [live, setLive] = useState<Page | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [comment, setComment] = useState('');
  const [how, setHow] = useState<How>('as_submitted');
  const [at, setAt] = useState('');
  const [atMissing, setAtMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ text: string; fields: string[] } | null>(null);

  useEffect(() => {
    let current = true;
    api.page(review.locale, review.page_id).then(
      (page) => current && setLive(page),
      () => current && setLoadFailed(true),
    );
    return () => {
      current = false;
    };
  }, [api, review.locale, review.page_id]);

  const localeName = (code: string) => locales.find((item) => item.code === code)?.name ?? code;

  const settle = (result: DecideResult, done: string) => {
    if (result.kind === 'decided') onDecided(done);
    else if (result.kind === 'conflict')
      setProblem({ text: t('review.conflict'), fields: result.fields });
    else if (result.kind === 'refused')
      setProblem({
        text:
          result.errors.map(([, text]) => text).join(' ') || result.detail || t('review.decided'),
        fields: [],
      });
    else setProblem({ text: t('review.decideFailed'), fields: [] });
  };

  const approve = async (event: FormEvent) => {
    event.preventDefault();
    if (how === 'at' && !at) {
      setAtMissing(true);
      return;
    }
    setBusy(true);
    setProblem(null);
    const body: ApproveRequest = { comment: comment.trim(), publish: how };
    if (how === 'at') body.at = new Date(at).toISOString();
    settle(await api.approve(review.locale, review.page_id, review.id, body), t('review.approved'));
    setBusy(false);
  };
  const requestChanges = async () => {
    setBusy(true);
    setProblem(null);
    settle(
      await api.requestChanges(review.locale, review.page_id, review.id, comment.trim()),
      t('review.requested'),
    );
    setBusy(false);
  };

  const name = review.page_name || `#${review.page_id}`;
  return (
    <article className="review-detail" aria-labelledby="review-detail-title">
      <button type="button" className="button button--link" onClick={onBack}>
        {t('review.back')}
      </button>
      <h2 id="review-detail-title" className="review-detail__title">
        {t('review.changeTitle', { name })}
      </h2>
      <p className="review-detail__by">
        {t('review.by', { name: isolate(review.user?.name ?? '—'), when: formatWhen(review.at) })} ·{' '}
        {t('review.locales', { locales: formatNames(review.locales.map(localeName)) })} ·{' '}
        <a href={editPageUrl(review.locale, review.page_id)}>{t('review.openPage')}</a>
      </p>
      {review.message && (
        <blockquote className="review-banner__comment" dir="auto">
          {review.message}
        </blockquote>
      )}
      <ReviewComparison
        review={review}
        live={live}
        loadFailed={loadFailed}
        locales={locales}
        api={api}
        blockTitle={blockTitle}
      />
      <form className="review-decision" onSubmit={(event) => void approve(event)} noValidate>
        <h3>{t('review.decide')}</h3>
        <label className="form-field__label" htmlFor="review-comment">
          {t('review.comment')}
        </label>
        <textarea
          id="review-comment"
          className="input review-dialog__message"
          rows={3}
          maxLength={5000}
          dir="auto"
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
        <fieldset className="review-decision__how">
          <legend>{t('review.how')}</legend>
          {(
            [
              ['as_submitted', 'review.asSubmitted'],
              ['now', 'review.publishNow'],
              ['at', 'review.publishAt'],
              ['reviewed', 'review.markReviewed'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="review-decision__choice">
              <input
                type="radio"
                name="review-how"
                value={value}
                checked={how === value}
                onChange={() => setHow(value)}
              />{' '}
              {t(label)}
            </label>
          ))}
          {how === 'at' && (
            <div className="review-decision__at">
              <label className="form-field__label" htmlFor="review-at">
                {t('review.at')}
              </label>
              <input
                id="review-at"
                type="datetime-local"
                className="input"
                value={at}
                aria-invalid={atMissing || undefined}
                aria-describedby={atMissing ? 'review-at-error' : undefined}
                onChange={(event) => {
                  setAt(event.target.value);
                  setAtMissing(false);
                }}
              />
              {atMissing && (
                <p id="review-at-error" className="form-field__error">
                  {t('review.atMissing')}
                </p>
              )}
            </div>
          )}
        </fieldset>
        {problem && (
          <div className="review-dialog__problem" role="alert">
            <p>{problem.text}</p>
            {problem.fields.length > 0 && (
              <p>{t('review.conflictFields', { fields: formatNames(problem.fields) })}</p>
            )}
          </div>
        )}
        <div className="review-dialog__buttons">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void requestChanges()}
          >
            {t('review.requestChanges')}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t('review.approve')}
          </button>
        </div>
      </form>
    </article>
  );
}
