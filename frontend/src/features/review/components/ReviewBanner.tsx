import type { Review } from '../../../api/types';
import { isolate } from '../model';
import { t } from '../../../i18n';
import { formatWhen } from '../../../lib/when';
import { Banner } from '../../../ui/banner/Banner';
import { decisionComment } from '../model';

interface ReviewBannerProps {
  review: Review;
  busy: boolean;
  onWithdraw: () => void;
}

/**
 * The author's change as it stands: waiting for review (Withdraw), or sent back with the
 * reviewer's words. The form stays theirs to edit either way; the live page is unchanged.
 */
export function ReviewBanner({ review, busy, onWithdraw }: ReviewBannerProps) {
  if (review.state === 'changes_requested') {
    const comment = decisionComment(review);
    return (
      <Banner tone="warning" role="status" className="review-banner">
        <strong>{t('review.changesRequested')}</strong>
        <p>
          {t('review.changesRequestedBy', {
            name: isolate(review.decided_by?.name ?? t('review.someone')),
            when: review.decided_at ? formatWhen(review.decided_at) : '',
          })}
        </p>
        {comment && (
          <blockquote className="review-banner__comment" dir="auto">
            {comment}
          </blockquote>
        )}
        <p>{t('review.resubmitHint')}</p>
      </Banner>
    );
  }
  return (
    <Banner
      role="status"
      className="review-banner review-banner--waiting"
      actions={
        <button type="button" className="button" onClick={onWithdraw} disabled={busy}>
          {t('review.withdraw')}
        </button>
      }
    >
      <strong>{t('review.waiting')}</strong>
      <p>{t('review.waitingSince', { when: formatWhen(review.at) })}</p>
      {review.message && (
        <blockquote className="review-banner__comment" dir="auto">
          {review.message}
        </blockquote>
      )}
      <p>{t('review.keepEditing')}</p>
    </Banner>
  );
}
