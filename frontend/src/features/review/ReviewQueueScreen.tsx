import { useCallback, useEffect, useMemo, useState } from 'react';
import type { QueuedReview, ScreenData, Template } from '../../api/types';
import { blockTitles } from '../../entities/history/blockTitles';
import { isolate } from './model';
import { t } from '../../i18n';
import { formatNames, formatWhen } from '../../lib/when';
import { MAIN_ID, reviewsUrl, ScreenHeader } from '../../ui/AdminHeader';
import { createReviewApi } from './api';
import { useHeaderCountsUpdate } from './header/countsContext';
import type { ReviewApi } from './api';
import { ReviewDetail } from './components/ReviewDetail';
import './review.css';

/** What the screen embeds: every screen's data (the list is read at once, see below). */
export type ReviewsScreenData = ScreenData & {
  reviews?: QueuedReview[];
  /** How many wait in all (with `reviews`, from the same request). */
  total?: number;
  templates?: Template[];
};

/** The change an address names (`?review=12`), if any. */
export function reviewInAddress(search: string): number | null {
  const value = new URLSearchParams(search).get('review') ?? '';
  return /^[1-9][0-9]{0,15}$/.test(value) ? Number(value) : null;
}

interface Props {
  data: ReviewsScreenData;
  api?: ReviewApi;
}

/**
 * Waiting for review (DESIGN §3): the changes the signed-in user may decide, newest first; one
 * opened shows it beside the live page with the decision. A decided change leaves the list.
 */
export function ReviewQueueScreen({ data, api }: Props) {
  const calls = useMemo(() => api ?? createReviewApi(), [api]);
  const { locales } = data;
  // Blocks by their templates' titles, in the interface language (the server's data).
  const blockTitle = useMemo(() => blockTitles(data.templates ?? []), [data.templates]);
  const [list, setList] = useState<QueuedReview[] | null>(data.reviews ?? null);
  const [failed, setFailed] = useState(false);
  // A notification's link (and the mail's) names the change to open: ?review=ID.
  const [opened, setOpened] = useState<number | null>(() =>
    reviewInAddress(window.location.search),
  );
  const [notice, setNotice] = useState<string | null>(null);
  // The header's count, as fresh as this screen: the total it was served with, less decisions.
  const { setWaiting } = useHeaderCountsUpdate();
  const [total, setTotal] = useState(data.total ?? null);
  useEffect(() => {
    if (total !== null) setWaiting(total);
  }, [total, setWaiting]);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setList(await calls.queue());
    } catch {
      setFailed(true);
    }
  }, [calls]);
  // Read as the screen shows, unless the server embedded it.
  useEffect(() => {
    if (data.reviews) return;
    let current = true;
    calls.queue().then(
      (answer) => current && setList(answer),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [calls, data.reviews]);

  const localeName = (code: string) => locales.find((item) => item.code === code)?.name ?? code;
  const shown = list?.find((review) => review.id === opened) ?? null;

  return (
    <>
      <ScreenHeader data={data} localeHref={reviewsUrl} section="reviews" />
      <main id={MAIN_ID} className="page-main reviews">
        <h1 className="page-title">{t('review.title')}</h1>
        <div aria-live="polite">{notice && <p className="reviews__notice">{notice}</p>}</div>
        {shown ? (
          <ReviewDetail
            key={shown.id}
            review={shown}
            locales={locales}
            api={calls}
            blockTitle={blockTitle}
            onBack={() => setOpened(null)}
            onDecided={(message) => {
              setNotice(message);
              setOpened(null);
              setList((current) => current?.filter((review) => review.id !== shown.id) ?? null);
              setTotal((count) => (count === null ? null : Math.max(0, count - 1)));
            }}
          />
        ) : (
          <>
            <p className="reviews__intro">{t('review.intro')}</p>
            {failed ? (
              <p>
                {t('review.failed')}{' '}
                <button type="button" className="button button--link" onClick={() => void load()}>
                  {t('review.retry')}
                </button>
              </p>
            ) : list === null ? (
              <p>{t('review.loading')}</p>
            ) : list.length === 0 ? (
              <p>{t('review.none')}</p>
            ) : (
              <ul className="reviews__list">
                {list.map((review) => (
                  <li key={review.id} className="reviews__item panel">
                    <div className="reviews__text">
                      <strong dir="auto">{review.page_name || `#${review.page_id}`}</strong>
                      <span className="reviews__by">
                        {t('review.by', {
                          name: isolate(review.user?.name ?? '—'),
                          when: formatWhen(review.at),
                        })}
                      </span>
                      <span className="reviews__by">
                        {t('review.locales', {
                          locales: formatNames(review.locales.map(localeName)),
                        })}
                      </span>
                      {review.message && (
                        <span className="reviews__message" dir="auto">
                          {review.message}
                        </span>
                      )}
                    </div>
                    <button
                      type="button"
                      className="button button--primary"
                      onClick={() => {
                        setNotice(null);
                        setOpened(review.id);
                      }}
                      aria-label={`${t('review.open')}: ${review.page_name || review.page_id}`}
                    >
                      {t('review.open')}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </main>
    </>
  );
}
