import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { Locale } from '../../../api/types';
import { editPageUrl } from '../../../lib/page';
import { useTreeDrag } from '../hooks/useTreeDrag';
import { useTreeKeyboard } from '../hooks/useTreeKeyboard';
import { useWindowedRows } from '../hooks/useWindowedRows';
import { firstShownIndex, focusTarget } from '../focus';
import type { FocusedRow } from '../focus';
import { flattenVisible, movePage } from '../model';
import type { TreeStore } from '../store';
import { TreeRow, rowElementId } from './TreeRow';
import { TreeSearch } from './TreeSearch';
import { TranslationFilter } from './TranslationFilter';
import { filteredRows } from '../translationFilter';
import type { SearchContent } from '../contentSearch';
import type { PageSelection } from '../../../entities/pageSelection/selection';
import { useSelectionActions } from '../hooks/useSelectionActions';

interface PageTreeProps {
  store: TreeStore;
  locale: string;
  localeOrder: readonly string[];
  /** The website's locales with their direction (each name carries its locale's). */
  locales?: readonly Locale[];
  /** The interface's direction (the content's only marks the names). */
  dir: 'ltr' | 'rtl';
  rootCanCreate: boolean;
  labelledBy: string;
  describedBy?: string;
  navigate?: (url: string) => void;
  /** Search the content from the search box (issue 22); without it, names only. */
  searchContent?: SearchContent;
  /** The pages ticked for the bulk actions (issue 33): each row gets a box when given. */
  selection?: PageSelection;
  /** Tell something that happened (a subtree selected); without it, the tree's live region says it. */
  onNotice?: (message: string) => void;
}

const defaultNavigate = (url: string) => window.location.assign(url);

/**
 * The page tree: a search box and an ARIA tree of the visible rows, windowed for large
 * sites; a node's children load when it opens.
 */
export function PageTree({
  store,
  locale,
  localeOrder,
  locales,
  dir,
  rootCanCreate,
  labelledBy,
  describedBy,
  navigate = defaultNavigate,
  searchContent,
  selection,
  onNotice,
}: PageTreeProps) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const localeName = locales?.find((item) => item.code === locale)?.name ?? locale;
  const container = useRef<HTMLDivElement>(null);
  // Nodes opened on an earlier visit (remembered in local storage) load their children.
  useEffect(() => store.start(), [store]);
  const { preview, startDrag } = useTreeDrag(store, container, dir);
  const model = useMemo(
    () =>
      preview
        ? movePage(state.model, preview.id, preview.place.parentId, preview.place.index)
        : state.model,
    [state.model, preview],
  );
  const rows = useMemo(() => {
    // The page being dragged stays in sight: its new parent shows open.
    const parentId = preview?.place.parentId;
    const collapsed =
      parentId == null ? state.collapsed : { ...state.collapsed, [String(parentId)]: false };
    return filteredRows(flattenVisible(model, collapsed), state.filter);
  }, [model, state.collapsed, state.filter, preview]);
  const { start, end, rowHeight, scrollToIndex } = useWindowedRows(container, rows.length);

  // The row that holds the tree's focus (roving tabindex). When that page leaves the
  // visible rows (deleted, saved under a new id, hidden in a closed branch) a neighbour
  // takes over, so the tree never loses its place.
  const [focused, setFocused] = useState<FocusedRow>({ id: null, index: 0 });
  const focusedIndex = focusTarget(rows, model, focused, state.savedAs);
  const [focusRequest, setFocusRequest] = useState(0);
  const handledFocusRequest = useRef(0);

  /** Move DOM focus to a row (by id, or the current one) once it is rendered. */
  const requestFocus = useCallback((id?: number | null, index?: number) => {
    if (id !== undefined) setFocused({ id, index: index ?? 0 });
    setFocusRequest((count) => count + 1);
  }, []);
  const focusRow = useCallback(
    (index: number) => {
      const row = rows[index];
      if (!row) return;
      scrollToIndex(index);
      requestFocus(row.id, index);
    },
    [rows, scrollToIndex, requestFocus],
  );
  const focusedRowId = rows[focusedIndex]?.id ?? null;
  useEffect(() => {
    if (focusRequest === handledFocusRequest.current) return;
    const element = document.getElementById(rowElementId(focusedRowId));
    if (!element) {
      if (focusedIndex < start || focusedIndex >= end) scrollToIndex(focusedIndex);
      return;
    }
    handledFocusRequest.current = focusRequest;
    element.focus();
  }, [focusRequest, focusedRowId, focusedIndex, start, end, scrollToIndex]);

  // A new page saved under its real id is a new row element: keep the focus on it.
  useEffect(() => {
    const successor = focused.id === null ? undefined : state.savedAs.get(focused.id);
    if (successor === undefined) return;
    if (document.activeElement === null || document.activeElement === document.body)
      document.getElementById(rowElementId(successor))?.focus();
  }, [state.savedAs, focused.id]);

  // A new page's name field appears in its row: scroll it into view when it is off screen.
  const [reveal, setReveal] = useState({ id: 0, request: 0 });
  const handledReveal = useRef(0);
  useEffect(() => {
    if (reveal.request === handledReveal.current) return;
    handledReveal.current = reveal.request;
    const index = rows.findIndex((row) => row.id === reveal.id);
    if (index !== -1) scrollToIndex(index);
  }, [reveal, rows, scrollToIndex]);

  /** Focus the first of these pages in the tree's order (a search's Enter). */
  const goToMatch = useCallback(
    (ids: readonly number[]) => {
      // The rows as the store has them now: the search may have opened paths since the render.
      const { model: current, collapsed } = store.getState();
      const shown = flattenVisible(current, collapsed);
      const index = firstShownIndex(shown, ids);
      if (index === -1) return;
      scrollToIndex(index);
      requestFocus(shown[index]?.id ?? null, index);
    },
    [store, scrollToIndex, requestFocus],
  );

  // After the page's changes made here are answered: the editor reads the page as stored, and
  // a rename still on its way (F2, a name, Enter, Enter) would show the old name there.
  const openEditor = useCallback(
    (id: number) => void store.settled(id).then(() => navigate(editPageUrl(locale, id))),
    [store, navigate, locale],
  );
  // Keyboard moves are announced ("Moved Staff under About us, position 2"): the focus stays
  // on the moved row, so nothing else would say where it went.
  const [announcement, setAnnouncement] = useState('');
  const onMoved = useCallback(
    (message: string) => {
      requestFocus();
      setAnnouncement(message);
    },
    [requestFocus],
  );
  const { onCheck, onSelectSubtree } = useSelectionActions({
    selection,
    store,
    rows,
    notify: onNotice ?? setAnnouncement,
  });
  const onKeyDown = useTreeKeyboard({
    rows,
    store,
    focusedIndex,
    focusRow,
    openEditor,
    onMoved,
    dir,
    localeOrder,
    locale,
  });

  const parentCanCreate = (parentId: number | null) =>
    parentId === null
      ? rootCanCreate
      : !!model.pages.get(parentId)?.permissions.includes('create') && parentId > 0;
  // Only one row is in the tab order: the focused one, or the first rendered one when the
  // focused row has scrolled out of the rendered window.
  const tabbableIndex = focusedIndex >= start && focusedIndex < end ? focusedIndex : start;

  return (
    <>
      <div className="tree-tools">
        <TreeSearch
          store={store}
          onGoToMatch={goToMatch}
          searchContent={searchContent}
          locales={locales}
        />
        {/* The default locale is the one the others follow: nothing is outdated in it. */}
        {locales && locales[0]?.code !== locale && (
          <TranslationFilter store={store} localeName={localeName} />
        )}
      </div>
      <div className="visually-hidden" aria-live="polite" data-testid="tree-announcer">
        {announcement}
      </div>
      <div
        ref={container}
        role="tree"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        className={`page-tree panel${preview ? ' page-tree--dragging' : ''}`}
        style={{
          paddingBlockStart: start * rowHeight,
          paddingBlockEnd: (rows.length - end) * rowHeight,
        }}
        onKeyDown={onKeyDown}
      >
        {rows.slice(start, end).map((row, offset) => (
          <TreeRow
            key={row.id ?? 'root'}
            row={row}
            index={start + offset}
            page={row.id === null ? undefined : model.pages.get(row.id)}
            store={store}
            locale={locale}
            localeOrder={localeOrder}
            locales={locales}
            editing={row.id !== null && state.editing.has(row.id)}
            load={state.childLoads.get(row.id)}
            localeName={localeName}
            match={
              row.id !== null &&
              (state.search.matches.has(row.id) || state.filter.matches.has(row.id))
            }
            query={state.search.query}
            tabbable={start + offset === tabbableIndex}
            dragging={preview?.id === row.id}
            canCreateHere={parentCanCreate(row.parentId)}
            newsItem={row.parentId !== null && !!model.pages.get(row.parentId)?.news_page}
            rootCanCreate={rootCanCreate}
            onFocusRow={(index) => {
              const id = rows[index]?.id ?? null;
              // A click inside the focused row (its box, say) leaves the tree as it is.
              setFocused((current) =>
                current.id === id && current.index === index ? current : { id, index },
              );
            }}
            onRestoreFocus={(index) => requestFocus(rows[index]?.id ?? null, index)}
            onReveal={(id) => setReveal((current) => ({ id, request: current.request + 1 }))}
            onStartDrag={startDrag}
            selection={selection}
            onCheck={onCheck}
            onSelectSubtree={onSelectSubtree}
          />
        ))}
      </div>
    </>
  );
}
