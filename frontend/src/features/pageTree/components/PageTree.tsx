import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { editUrl } from '../api';
import { useTreeDrag } from '../hooks/useTreeDrag';
import { useTreeKeyboard } from '../hooks/useTreeKeyboard';
import { useWindowedRows } from '../hooks/useWindowedRows';
import { flattenVisible, movePage } from '../model';
import type { TreeStore } from '../store';
import { TreeRow } from './TreeRow';

export const ROW_HEIGHT = 36;

interface PageTreeProps {
  store: TreeStore;
  locale: string;
  localeOrder: readonly string[];
  dir: 'ltr' | 'rtl';
  rootCanCreate: boolean;
  labelledBy: string;
  navigate?: (url: string) => void;
}

const defaultNavigate = (url: string) => window.location.assign(url);

/** The page tree: an ARIA tree of the visible rows, windowed for large sites. */
export function PageTree({
  store,
  locale,
  localeOrder,
  dir,
  rootCanCreate,
  labelledBy,
  navigate = defaultNavigate,
}: PageTreeProps) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const { preview, startDrag } = useTreeDrag(store, ROW_HEIGHT, dir);
  const model = useMemo(
    () =>
      preview
        ? movePage(state.model, preview.id, preview.place.parentId, preview.place.index)
        : state.model,
    [state.model, preview],
  );
  const rows = useMemo(() => flattenVisible(model, state.collapsed), [model, state.collapsed]);
  const container = useRef<HTMLDivElement>(null);
  const { start, end, scrollToIndex } = useWindowedRows(container, rows.length, ROW_HEIGHT);

  const [focusedId, setFocusedId] = useState<number | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const handledFocusRequest = useRef(0);
  const found = rows.findIndex((row) => row.id === focusedId);
  const focusedIndex = found === -1 ? 0 : found;

  const focusRow = useCallback(
    (index: number) => {
      const row = rows[index];
      if (!row) return;
      scrollToIndex(index);
      setFocusedId(row.id);
      setFocusRequest((count) => count + 1);
    },
    [rows, scrollToIndex],
  );
  // Focus the row once it is rendered (it may first have to scroll into the window).
  useEffect(() => {
    if (focusRequest === handledFocusRequest.current) return;
    const element = document.getElementById(`tree-row-${focusedId ?? 'root'}`);
    if (!element) return;
    handledFocusRequest.current = focusRequest;
    element.focus();
  }, [focusRequest, focusedId, start, end]);

  const openEditor = useCallback((id: number) => navigate(editUrl(locale, id)), [navigate, locale]);
  const onKeyDown = useTreeKeyboard({ rows, store, focusedIndex, focusRow, openEditor, dir });

  const parentCanCreate = (parentId: number | null) =>
    parentId === null
      ? rootCanCreate
      : !!model.pages.get(parentId)?.permissions.includes('create') && parentId > 0;

  return (
    <div
      ref={container}
      role="tree"
      aria-labelledby={labelledBy}
      className="page-tree panel"
      style={{
        paddingBlockStart: start * ROW_HEIGHT,
        paddingBlockEnd: (rows.length - end) * ROW_HEIGHT,
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
          editing={row.id !== null && state.editing.has(row.id)}
          focused={start + offset === focusedIndex}
          dragging={preview?.id === row.id}
          canCreateHere={parentCanCreate(row.parentId)}
          rootCanCreate={rootCanCreate}
          onFocusRow={(index) => setFocusedId(rows[index]?.id ?? null)}
          onStartDrag={startDrag}
        />
      ))}
    </div>
  );
}
