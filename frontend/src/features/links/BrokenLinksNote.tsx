import type { BrokenLink } from '../../api/types';
import { reasonText } from '../../entities/links/reasons';
import { t } from '../../i18n';

interface BrokenLinksNoteProps {
  links: readonly BrokenLink[];
}

/**
 * Under a block's field: the broken links its text writes, each address (as written, left to
 * right in any interface) with why it is broken. The field is Markdown in a textarea, so the
 * addresses are named here rather than marked in the text.
 */
export function BrokenLinksNote({ links }: BrokenLinksNoteProps) {
  return (
    <div className="broken-links">
      <p className="broken-links__title">
        <span aria-hidden="true">⚠ </span>
        {t('links.broken.title', { count: links.length })}
      </p>
      <ul className="broken-links__list">
        {links.map((link, index) => (
          <li key={`${link.url}\n${index}`}>
            <code className="broken-links__url" dir="ltr">
              {link.url}
            </code>{' '}
            <span className="broken-links__reason">{reasonText(link.reason)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
