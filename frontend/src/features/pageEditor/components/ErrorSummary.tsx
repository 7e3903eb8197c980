import { t } from '../../../i18n';
import type { ErrorItem, TabId } from '../types';

/** Every field error of the last save, each leading to the tab that holds the field. */
export function ErrorSummary({
  items,
  onOpen,
}: {
  items: ErrorItem[];
  onOpen: (tab: TabId) => void;
}) {
  if (items.length === 0) return null;
  return (
    <div className="editor-banner editor-banner--error">
      <div className="editor-banner__text">
        <strong>{t('editor.correct', { count: items.length })}</strong>
        <ul className="editor-banner__list">
          {items.map((item) => (
            <li key={item.attribute}>
              {item.tab ? (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => onOpen(item.tab ?? 'content')}
                >
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
    </div>
  );
}
