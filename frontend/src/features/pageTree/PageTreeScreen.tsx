import { useMemo } from 'react';
import type { ReactNode } from 'react';
import type { PageTreeScreenData } from '../../api/types';
import { interfaceDir, t } from '../../i18n';
import { pageTreeUrl, reportsUrl } from '../../lib/page';
import { MAIN_ID, ScreenHeader } from '../../ui/AdminHeader';
import { useToast } from '../../ui/toast';
import { NARROW_OR_TOUCH, useMediaQuery } from '../../ui/useMediaQuery';
import { createTreeApi, fromScreenPage } from './api';
import type { TreeApi } from './api';
import { PageTree } from './components/PageTree';
import { rootLabel } from './components/TreeRow';
import { createTreeStore } from './store';
import { createContentSearch } from './contentSearch';
import type { SearchContent } from './contentSearch';
import './contentSearch.css';
import './pageTree.css';
import './treeRowActions.css';
import './treeRowMarkers.css';
import { DatedLinks } from '../../ui/DatedLinks';
import type { PageSelection, SelectionHost } from '../../entities/pageSelection/selection';

interface PageTreeScreenProps {
  data: PageTreeScreenData;
  api?: TreeApi;
  /** Content search (issue 22); default: search.json in the screen's locale. */
  searchContent?: SearchContent;
  navigate?: (url: string) => void;
  /** The pages ticked for the bulk actions (issue 33); without it the rows have no boxes. */
  selection?: PageSelection;
  /** What acts on the selection (features/bulk, composed by the app), shown above the tree. */
  selectionActions?: (host: SelectionHost) => ReactNode;
}

/** The 'All Pages' screen. */
export function PageTreeScreen({
  data,
  api,
  navigate,
  searchContent,
  selection,
  selectionActions,
}: PageTreeScreenProps) {
  const toast = useToast();
  const localeOrder = useMemo(() => data.locales.map((locale) => locale.code), [data.locales]);
  const store = useMemo(
    () =>
      createTreeStore({
        pages: data.pages.map((page) => fromScreenPage(page, data.locale, localeOrder[0])),
        locale: data.locale,
        localeOrder,
        api: api ?? createTreeApi(data.locale),
        onError: (message, retry) =>
          toast.error(message, retry && { label: t('tree.retry'), run: retry }),
        // One Undo per page: a later change of its status takes the earlier one's place.
        onUndoable: (message, undo, pageId) =>
          toast
            .about(`tree-status-${pageId}`)
            .notice(message, { label: t('tree.undo'), run: undo }),
        storage: window.localStorage,
      }),
    [data, localeOrder, api, toast],
  );
  const contentSearch = useMemo(
    () => searchContent ?? createContentSearch(data.locale),
    [searchContent, data.locale],
  );
  const host = useMemo<SelectionHost>(() => ({ refresh: () => void store.resync() }), [store]);
  return (
    <>
      <ScreenHeader data={data} localeHref={pageTreeUrl} />
      <main id={MAIN_ID} className="page-main">
        <h1 className="page-title" id="page-tree-title">
          {rootLabel()}
        </h1>
        <p className="page-tree-help" id="page-tree-help">
          <HelpText />
        </p>
        <p className="page-tree-help page-tree-links">
          <a href={reportsUrl(data.locale)}>{t('reports.link')}</a>
          <a href={`/admin/${encodeURIComponent(data.locale)}/deleted_pages`}>
            {t('deleted.link')}
          </a>
        </p>
        <DatedLinks locale={data.locale} />
        <PageTree
          store={store}
          locale={data.locale}
          localeOrder={localeOrder}
          locales={data.locales}
          dir={interfaceDir()}
          rootCanCreate={data.permissions.includes('create')}
          labelledBy="page-tree-title"
          describedBy="page-tree-help"
          navigate={navigate}
          searchContent={contentSearch}
          selection={selection}
          // One subject: 'Selected 40 pages' takes the place of 'Finding the pages below…'.
          onNotice={(message) => toast.about('tree-selection').notice(message)}
        />
        {/* After the tree: the bar and the jobs stay at the window's foot while it scrolls. */}
        {selectionActions?.(host)}
      </main>
    </>
  );
}

const KEYS = { enter: 'Enter', f2: 'F2', alt: 'Alt' } as const;

/**
 * How to drag and what the keys do, with the keys marked as keys; on a narrow or touch screen
 * (where the row actions are behind each row's ⋯ button), what to tap instead of the keys.
 */
function HelpText() {
  const touch = useMediaQuery(NARROW_OR_TOUCH);
  if (touch) return t('tree.helpTouch');
  const parts = t('tree.help').split(/\{(enter|f2|alt)\}/);
  return parts.map((part, index) =>
    index % 2 === 1 ? <kbd key={index}>{KEYS[part as keyof typeof KEYS]}</kbd> : part,
  );
}
