// Changes to a page's own fields from the tree (rename, publish, hide, delete): applied at
// once, put back with a toast when the server refuses or fails, and a status change undoable.
import { displayName } from '../../lib/page';
import type { TreePage } from './types';
import { failureText } from './api';
import type { TreePageFields } from './api';
import { toMovePayload } from './drag';
import type { TreePlace } from './drag';
import { DONE_MESSAGES, failure } from './messages';
import type { UndoableStatus } from './messages';
import { isLoaded, locate, movePage, updatePage } from './model';
import type { StoreContext } from './storeContext';

/**
 * Report a status change that went through, with the way to undo it. The page's id names what
 * the message is about: a later change of the same page's status replaces it.
 */
export type OnUndoable = (message: string, undo: () => void, pageId: number) => void;

/** Create the tree's field changes over the store's context. */
export function createPageEdits(store: StoreContext, onUndoable?: OnUndoable) {
  const { api, page, setModel, writes, onError, resync } = store;

  /** Apply fields at once; on failure restore the earlier values and report. True: stored. */
  const patchPage = async (
    id: number,
    optimistic: Partial<TreePage>,
    fields: TreePageFields,
    message: string,
  ): Promise<boolean> => {
    const before = page(id);
    if (!before) return false;
    setModel((model) => updatePage(model, id, optimistic));
    writes.begin(id);
    try {
      const saved = await api.updatePage(id, fields);
      writes.end(id);
      setModel((model) => updatePage(model, id, saved));
      return true;
    } catch (error) {
      writes.end(id);
      const restore = Object.fromEntries(
        Object.keys(optimistic).map((key) => [key, before[key as keyof TreePage]]),
      );
      setModel((model) => updatePage(model, id, restore));
      onError(failureText(message, error));
      void resync();
      return false;
    }
  };

  /**
   * Set a status (publish, hide, delete); once stored, offer to undo it. Undo puts back the
   * page as it was — its status and its date — and its earlier position: the server puts a page
   * whose deletion is undone last among its siblings, so it is moved back to where it was. An
   * Undo acts only while the page still has the status it set: after a later change of the
   * page, it would put back a state that was never the last one (a page published then deleted
   * must not come back as the draft it was before the publish).
   */
  const setStatus = async (id: number, status: UndoableStatus, message: string) => {
    const before = page(id);
    const place = locate(store.getState().model, id);
    if (!before || !place) return;
    const stored = await patchPage(id, { status }, { status }, message);
    if (!stored || !onUndoable) return;
    const name = displayName(before.blocks.name, store.locale, store.localeOrder);
    const earlier = { status: before.status, published_at: before.published_at };
    const undo = () => {
      if (page(id)?.status === status) void restoreStatus(id, earlier, place);
    };
    onUndoable(DONE_MESSAGES[status](name), undo, id);
  };

  const restoreStatus = async (
    id: number,
    earlier: Pick<TreePage, 'status' | 'published_at'>,
    place: TreePlace,
  ) => {
    if (!(await patchPage(id, earlier, earlier, failure('undo')))) return;
    const model = store.getState().model;
    const at = locate(model, id);
    const current = page(id);
    if (!at || !current || at.parentId !== place.parentId) return;
    if (at.index !== place.index)
      setModel((tree) => movePage(tree, id, place.parentId, place.index));
    const payload = toMovePayload(store.getState().model, id, place);
    if (!isLoaded(store.getState().model, place.parentId) || current.position === payload.position)
      return;
    writes.begin(id);
    try {
      const saved = await api.movePage(id, payload);
      writes.end(id);
      setModel((tree) => updatePage(tree, id, saved));
    } catch (error) {
      writes.end(id);
      onError(failureText(failure('undo'), error));
      void resync();
    }
  };

  return {
    /** Rename a saved page in the screen's locale. */
    rename(id: number, name: string) {
      const before = page(id);
      if (!before) return Promise.resolve(false);
      store.setEditing(id, false);
      const blocks = { ...before.blocks, name: { ...before.blocks.name, [store.locale]: name } };
      return patchPage(id, { blocks }, { name }, failure('rename'));
    },
    setStatus,
  };
}
