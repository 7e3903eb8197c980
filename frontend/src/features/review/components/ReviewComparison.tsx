import { useMemo, useState } from 'react';
import type { Locale, Page, QueuedReview, ReviewComment } from '../../../api/types';
import { groupBlocks } from '../../../entities/history/diff/blockDiff';
import { BlockDiffView } from '../../../entities/history/diff/BlockDiffView';
import { t } from '../../../i18n';
import { formatNames, formatWhen } from '../../../lib/when';
import { contentLang } from '../../../ui/contentLocale';
import type { ReviewApi } from '../api';
import { reviewDiffInLocales } from '../diff';
import { BlockComments } from './BlockComments';

interface ReviewComparisonProps {
  review: QueuedReview;
  /** The live page (null: still loading). */
  live: Page | null;
  loadFailed: boolean;
  locales: readonly Locale[];
  api: ReviewApi;
  /** A block's title in the interface language (the templates'), null for one they lack. */
  blockTitle: (name: string) => string | null;
}

/**
 * A change beside the live page word by word, each block titled as its template names it, with
 * the comments on that block in its locale and a form to add one; then the comments on the
 * whole change.
 */
export function ReviewComparison({
  review,
  live,
  loadFailed,
  locales,
  api,
  blockTitle,
}: ReviewComparisonProps) {
  const [comments, setComments] = useState<readonly ReviewComment[]>(review.comments);
  const diff = useMemo(
    () => (live ? reviewDiffInLocales(review, live, blockTitle) : null),
    [live, review, blockTitle],
  );
  const groups = useMemo(() => (diff ? groupBlocks(diff.blocks) : []), [diff]);
  const localeName = (code: string) => locales.find((item) => item.code === code)?.name ?? code;
  const shown = new Set(groups.map((block) => block.name));
  const where = (block: string, locale: string | null) => {
    const title = blockTitle(block) ?? block;
    return locale ? t('review.blockIn', { block: title, locale: localeName(locale) }) : title;
  };

  const add = async (text: string, block: string, locale: string | null) => {
    const result = await api.comment(review.locale, review.page_id, review.id, {
      text,
      block,
      locale: locale ?? '',
    });
    if (result.kind === 'commented') {
      setComments(result.review.comments);
      return null;
    }
    return result.detail ?? t('review.commentFailed');
  };

  // On the whole change, or on a block the comparison does not show (e.g. still loading).
  const general = comments.filter((item) => !item.block || !shown.has(item.block));
  return (
    <>
      <section className="review-detail__diff" aria-labelledby="review-compared">
        <h3 id="review-compared">{t('review.compared')}</h3>
        {review.locales.length > 1 && (
          <p>{t('review.inLocales', { locales: formatNames(review.locales.map(localeName)) })}</p>
        )}
        {loadFailed && <p role="alert">{t('review.openFailed')}</p>}
        {!live && !loadFailed && <p>{t('review.loading')}</p>}
        {diff && groups.length === 0 && <p>{t('review.noTextChange')}</p>}
        {groups.map((block) => (
          <div key={block.name} className="review-detail__block">
            <BlockDiffView
              block={block}
              localeName={localeName}
              contentLang={(code) => contentLang(locales, code)}
            />
            {block.locales.map((part) => (
              <BlockComments
                key={part.locale ?? ''}
                where={where(block.name, part.locale)}
                comments={comments.filter(
                  (item) => item.block === block.name && (item.locale ?? null) === part.locale,
                )}
                onAdd={(text) => add(text, block.name, part.locale)}
              />
            ))}
          </div>
        ))}
        {diff && diff.fields.length > 0 && (
          <p>{t('review.otherFields', { fields: formatNames(diff.fields) })}</p>
        )}
      </section>
      {general.length > 0 && (
        <section aria-labelledby="review-comments">
          <h3 id="review-comments">{t('review.comments')}</h3>
          <ul className="review-detail__comments">
            {general.map((item, index) => (
              <li key={index}>
                <strong>{item.user.name}</strong> · {formatWhen(item.at)}
                {item.block && ` · ${where(item.block, item.locale ?? null)}`}
                <p dir="auto">{item.text}</p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
