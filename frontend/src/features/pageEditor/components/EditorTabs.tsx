import { t } from '../../../i18n';
import type { MouseEvent } from 'react';
import { TAB_LABELS, TAB_ORDER } from '../tabs';
import type { TabState } from '../tabs';
import type { TabId } from '../types';

interface EditorTabsProps {
  current: TabId;
  states: Record<TabId, TabState>;
  onSelect: (tab: TabId) => void;
  /** Tabs holding a field with an error get a marker. */
  withErrors: ReadonlySet<TabId>;
}

/** The tab list; a tab whose feature the template disables is plain text, not a link. */
export function EditorTabs({ current, states, onSelect, withErrors }: EditorTabsProps) {
  const click = (tab: TabId) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    onSelect(tab);
  };
  return (
    <ul className="editor-tabs" role="tablist" aria-label={t('editor.pageSections')}>
      {TAB_ORDER.filter((tab) => states[tab] !== 'hidden').map((tab) => (
        <li key={tab} role="presentation" className={tab === current ? 'current' : undefined}>
          {states[tab] === 'link' ? (
            <a
              href={`#${tab}`}
              role="tab"
              id={`tab-${tab}`}
              aria-selected={tab === current}
              aria-controls="editor-panel"
              onClick={click(tab)}
            >
              {TAB_LABELS[tab]}
              {withErrors.has(tab) && (
                <span className="editor-tabs__error">
                  <span className="visually-hidden">{t('editor.tab.hasErrors')}</span>
                </span>
              )}
            </a>
          ) : (
            // Plain text (spec §2): no link, no tab, nothing to focus; why it is, in view
            // (a title shows on hover alone: never on a phone, nor to the keyboard).
            <span className="editor-tabs__disabled">
              <span id={`tab-${tab}`} aria-describedby={`tab-${tab}-why`}>
                {TAB_LABELS[tab]}
              </span>{' '}
              <span id={`tab-${tab}-why`} className="editor-tabs__why">
                {t('editor.tab.notUsed')}
              </span>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
