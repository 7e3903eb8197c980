import { useCallback } from 'react';
import type { KeyboardEvent } from 'react';
import { displayName } from '../../../lib/page';
import { stepIn, stepOut, stepVertical } from '../drag';
import type { TreePlace } from '../drag';
import { movePage, visibleChildIds } from '../model';
import type { TreeModel, TreeRow } from '../model';
import { t } from '../../../i18n';
import { rootLabel } from '../components/TreeRow';
import type { TreeStore } from '../store';

interface KeyboardOptions {
  rows: TreeRow[];
  store: TreeStore;
  focusedIndex: number;
  focusRow: (index: number) => void;
  openEditor: (id: number) => void;
  /** Called after a keyboard move with what to announce, so the moved row keeps the focus. */
  onMoved: (announcement: string) => void;
  dir: 'ltr' | 'rtl';
  locale: string;
  localeOrder: readonly string[];
}

/** Return what a move says: "Moved Staff under About us, position 2" (visible siblings, 1-based). */
export function moveAnnouncement(
  model: TreeModel,
  id: number,
  place: TreePlace,
  locale: string,
  localeOrder: readonly string[],
): string {
  const moved = movePage(model, id, place.parentId, place.index);
  const nameOf = (pageId: number) =>
    displayName(moved.pages.get(pageId)?.blocks.name, locale, localeOrder);
  const parent = place.parentId === null ? rootLabel() : nameOf(place.parentId);
  const position = visibleChildIds(moved, place.parentId).indexOf(id) + 1;
  return t('tree.moved', { name: nameOf(id), parent, position });
}

function canEdit(store: TreeStore, id: number | null): id is number {
  return (
    id !== null && id > 0 && !!store.getState().model.pages.get(id)?.permissions.includes('edit')
  );
}

/**
 * ARIA tree keys: arrows move focus and open/close, Home/End jump, Enter opens
 * the editor, F2 renames; Alt+arrows move the page up, down, in and out.
 */
export function useTreeKeyboard({
  rows,
  store,
  focusedIndex,
  focusRow,
  openEditor,
  onMoved,
  dir,
  locale,
  localeOrder,
}: KeyboardOptions) {
  return useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLButtonElement)
        return;
      const row = rows[focusedIndex];
      if (!row) return;
      const { model, collapsed } = store.getState();
      const forward = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
      const backward = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
      const key = event.key;

      if (event.altKey) {
        if (!canEdit(store, row.id)) return;
        const id = row.id;
        let place: TreePlace | null = null;
        if (key === 'ArrowUp') place = stepVertical(model, id, -1);
        else if (key === 'ArrowDown') place = stepVertical(model, id, 1);
        else if (key === backward) place = stepOut(model, id, false);
        else if (key === forward) {
          place = stepIn(model, collapsed, id, false);
          if (place?.parentId != null) store.setOpen(place.parentId, true);
        } else return;
        event.preventDefault();
        if (place) {
          const announcement = moveAnnouncement(model, id, place, locale, localeOrder);
          void store.move(id, place);
          onMoved(announcement);
        }
        return;
      }

      const handled = () => event.preventDefault();
      if (key === 'ArrowDown') {
        handled();
        focusRow(Math.min(focusedIndex + 1, rows.length - 1));
      } else if (key === 'ArrowUp') {
        handled();
        focusRow(Math.max(focusedIndex - 1, 0));
      } else if (key === 'Home') {
        handled();
        focusRow(0);
      } else if (key === 'End') {
        handled();
        focusRow(rows.length - 1);
      } else if (key === forward) {
        handled();
        // Opening a node whose children are not loaded loads them; the next press, once
        // they are there, goes to the first.
        if (row.id !== null && row.collapsed) store.setOpen(row.id, true);
        else if (rows[focusedIndex + 1]?.parentId === row.id && row.childCount > 0)
          focusRow(focusedIndex + 1);
      } else if (key === backward) {
        handled();
        if (row.id !== null && row.childCount > 0 && !row.collapsed) store.setOpen(row.id, false);
        else if (row.depth > 0) focusRow(rows.findIndex((other) => other.id === row.parentId));
      } else if (key === 'Enter') {
        if (canEdit(store, row.id)) {
          handled();
          openEditor(row.id);
        }
      } else if (key === 'F2') {
        if (canEdit(store, row.id)) {
          handled();
          store.startEdit(row.id);
        }
      }
    },
    [rows, store, focusedIndex, focusRow, openEditor, onMoved, dir, locale, localeOrder],
  );
}
