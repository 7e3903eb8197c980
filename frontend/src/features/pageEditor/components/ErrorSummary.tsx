import { t } from '../../../i18n';
import { Banner } from '../../../ui/banner/Banner';
import type { ErrorItem } from '../types';

const HEADING_ID = 'error-summary-heading';

/** Every field error of the last save, each leading to its field (on its tab, if it has one). */
export function ErrorSummary({
  items,
  onOpen,
}: {
  items: ErrorItem[];
  onOpen: (item: ErrorItem) => void;
}) {
  if (items.length === 0) return null;
  return (
    <Banner as="section" tone="error" aria-labelledby={HEADING_ID}>
      <strong id={HEADING_ID}>{t('editor.correct', { count: items.length })}</strong>
      <ul className="editor-banner__list">
        {items.map((item) => (
          <li key={item.attribute}>
            {item.tab || item.field ? (
              <button type="button" className="link-button" onClick={() => onOpen(item)}>
                {item.label}
              </button>
            ) : (
              item.label
            )}
            : {item.message}
          </li>
        ))}
      </ul>
    </Banner>
  );
}
