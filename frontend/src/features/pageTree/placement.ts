// Where pages go: a new page added in place (saved once named), and a page moved by drag or
// keyboard. Both show at once and go back, with a toast, when the server refuses or fails.
import { STATUS_DRAFT } from '../../lib/page';
import type { TreePage } from './types';
import { failureText } from './api';
import { samePlace, toMovePayload } from './drag';
import type { MovePayload, TreePlace } from './drag';
import { failure } from './messages';
import {
  insertPage,
  isCollapsed,
  isLoaded,
  isSaved,
  locate,
  movePage,
  replacePage,
  updatePage,
} from './model';
import type { ParentId } from './model';
import type { StoreContext } from './storeContext';

interface PlacementOptions {
  /** Open a node (a page put under a closed one must stay in sight). */
  setOpen: (id: number, open: boolean) => void;
  /** Resolves once a node's children are loaded: true, or false when they cannot be. */
  whenLoaded: (parentId: ParentId) => Promise<boolean>;
  now: () => Date;
}

/** Create the tree's adding and moving of pages over the store's context. */
export function createPlacement(
  store: StoreContext,
  { setOpen, whenLoaded, now }: PlacementOptions,
) {
  const { api, page, set, setModel, setEditing, writes, onError, resync } = store;
  const model = () => store.getState().model;
  let nextTempId = -1;

  /**
   * The move call's payload for a page placed under a parent: as it stands under a loaded
   * parent; under another, once its children are loaded (the page keeps the neighbours it was dropped
   * between), or, if they cannot be, with the page put last, past every child the parent has.
   * null: the page is no longer under that parent.
   */
  const settlePayload = async (id: number, parentId: ParentId): Promise<MovePayload | null> => {
    if (!(await whenLoaded(parentId)))
      setModel((tree) => movePage(tree, id, parentId, Number.MAX_SAFE_INTEGER));
    const at = locate(model(), id);
    return at && at.parentId === parentId ? toMovePayload(model(), id, at) : null;
  };

  /** Add a new unsaved page in edit mode; return its temporary (negative) id. */
  const addPageAt = (parentId: ParentId, index: number): number => {
    const id = nextTempId--;
    const fresh: TreePage = {
      id,
      parent_page_id: parentId,
      position: index + 1,
      status: STATUS_DRAFT,
      published_at: now().toISOString(),
      pinned: false,
      news_page: false,
      template: '',
      path_segment: '',
      blocks: { name: { [store.locale]: '' } },
      urls: {},
      permissions: ['edit', 'create'],
      lock_version: 0,
      child_count: 0,
    };
    if (parentId !== null) setOpen(parentId, true);
    set({
      model: insertPage(model(), fresh, parentId, index),
      editing: new Set([...store.getState().editing, id]),
    });
    return id;
  };

  const move = async (id: number, place: TreePlace) => {
    const origin = locate(model(), id);
    if (!origin || !isSaved(id) || samePlace(origin, place)) return;
    // A page put under a closed one (say a leaf, closed by default) must stay in sight.
    const parent = place.parentId === null ? undefined : page(place.parentId);
    if (parent && isCollapsed(parent, store.getState().collapsed)) setOpen(parent.id, true);
    setModel((tree) => movePage(tree, id, place.parentId, place.index));
    writes.begin(id);
    try {
      const payload = await settlePayload(id, place.parentId);
      if (!payload) throw new Error('The page was moved elsewhere meanwhile');
      // Under a parent whose children could not be loaded the page went last: whatever
      // position the server gives it there is right.
      const exact = isLoaded(model(), place.parentId);
      const saved = await api.movePage(id, payload);
      writes.end(id);
      setModel((tree) => updatePage(tree, id, saved));
      const landed =
        saved.parent_page_id === place.parentId && (!exact || saved.position === payload.position);
      if (!landed) void resync();
    } catch (error) {
      writes.end(id);
      setModel((tree) => movePage(tree, id, origin.parentId, origin.index));
      onError(failureText(failure('move'), error));
      void resync();
    }
  };

  /** Save a new page under the name it was given, where it stands. */
  const create = async (tempId: number, name: string) => {
    const draft = page(tempId);
    const place = locate(model(), tempId);
    if (!draft || !place) return;
    setModel((tree) => updatePage(tree, tempId, { blocks: { name: { [store.locale]: name } } }));
    setEditing(tempId, false);
    writes.begin(tempId);
    try {
      const payload = await settlePayload(tempId, place.parentId);
      if (!payload) throw new Error('The new page lost its place');
      const { position } = payload;
      const saved = await api.createPage({
        name,
        status: draft.status,
        news_page: draft.news_page,
        pinned: draft.pinned,
        published_at: draft.published_at,
        parent_page_id: place.parentId,
        position,
      });
      writes.end(tempId);
      set({
        model: replacePage(model(), tempId, saved),
        savedAs: new Map(store.getState().savedAs).set(tempId, saved.id),
      });
      if (saved.parent_page_id !== place.parentId || saved.position !== position) void resync();
    } catch (error) {
      writes.end(tempId);
      setEditing(tempId, true);
      onError(failureText(failure('create'), error));
      void resync();
    }
  };

  return {
    move,
    create,
    addChild(parentId: ParentId): number {
      return addPageAt(parentId, (model().children.get(parentId) ?? []).length);
    },
    /** Add a new sibling right after a page. */
    addHere(id: number): number {
      const place = locate(model(), id);
      return addPageAt(place?.parentId ?? null, place ? place.index + 1 : 0);
    },
  };
}
