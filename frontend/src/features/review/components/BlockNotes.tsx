import type { ReviewComment } from '../../../api/types';
import { t } from '../../../i18n';
import { formatWhen } from '../../../lib/when';

/**
 * Under a block's field in the author's editor: what the reviewer said of that block (in the
 * locale shown) in the author's change that waits or was sent back (issue 32).
 */
export function BlockNotes({ comments }: { comments: readonly ReviewComment[] }) {
  return (
    <aside className="review-notes" aria-label={t('review.notesOnBlock')}>
      <strong className="review-notes__title">{t('review.notesOnBlock')}</strong>
      <ul className="review-notes__list">
        {comments.map((item, index) => (
          <li key={index}>
            <span className="review-notes__by">
              {item.user.name} · {formatWhen(item.at)}
            </span>
            <p dir="auto">{item.text}</p>
          </li>
        ))}
      </ul>
    </aside>
  );
}
