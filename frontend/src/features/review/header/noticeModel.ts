// What the bell says of a notification and where it leads, without React.
import type { Notice } from '../../../api/types';
import { t } from '../../../i18n';
import type { MessageKey } from '../../../i18n';
import { editPageUrl } from '../../../lib/page';
import { isolate } from '../model';

const TEXTS: Record<Notice['kind'], MessageKey> = {
  review_waiting: 'notices.review_waiting',
  review_approved: 'notices.review_approved',
  review_changes_requested: 'notices.review_changes_requested',
  review_withdrawn: 'notices.review_withdrawn',
};

/** The sentence of a notification, names isolated from the words around them. */
export function noticeText(notice: Notice): string {
  return t(TEXTS[notice.kind], {
    name: isolate(notice.by?.name ?? t('review.someone')),
    page: isolate(notice.page_name || `#${notice.page_id}`),
  });
}

/**
 * Where it leads: a change still waiting opens in Waiting for review; any other (decided,
 * withdrawn) in the page's editor, where its author's banner tells of it.
 */
export function noticeHref(notice: Notice): string {
  if (notice.review_state === 'waiting')
    return `/admin/${encodeURIComponent(notice.locale)}/reviews?review=${notice.review_id}`;
  return editPageUrl(notice.locale, notice.page_id);
}
