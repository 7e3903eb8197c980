import { t } from '../../../i18n';
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
    <section className="editor-banner editor-banner--error" aria-labelledby={HEADING_ID}>
      <div className="editor-banner__text">
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
      </div>
    </section>
  );
}
