import { t } from '../../i18n';
import { LinkedFromList } from './LinkedFromList';
import type { LinkedFromState } from './useLinkedFrom';

/**
 * What the step does to the links to the page: delete and unpublish leave them as plain text
 * on the website; a hidden page stays reachable by its address (DESIGN §3, §4), so its links
 * keep working and only menus, feeds and sitemaps lose it.
 */
export type PageGoing = 'delete' | 'unpublish' | 'hide';

interface LinkWarningProps {
  going: PageGoing;
  /** The page's name, as the sentence names it. */
  name: string;
  state: LinkedFromState;
  locale: string;
}

/** How many pages link to the page and which, told when the count arrives (announced). */
export function LinkWarning({ going, name, state, locale }: LinkWarningProps) {
  // Isolated, so a right-to-left name keeps its place in a left-to-right sentence.
  const params = { name: `\u2068${name || t('page.untitled')}\u2069` };
  const { total } = state;
  const warns = total !== null && total > 0 && going !== 'hide';
  return (
    <div className={`link-warning${warns ? ' link-warning--breaks' : ''}`}>
      <p aria-live="polite" className="link-warning__text">
        {total === null
          ? state.failed
            ? ''
            : t('links.warning.counting', params)
          : total === 0
            ? t('links.warning.none', params)
            : going === 'hide'
              ? t('links.warning.hide', { ...params, count: total })
              : t('links.warning.breaks', { ...params, count: total })}
      </p>
      <LinkedFromList state={state} locale={locale} />
    </div>
  );
}
