// Loading a node's children (GET pages.json?parent_id=): once however many ask, for every
// shown node that is open without them, with the node's state (loading, failed) kept in the
// store's state for the rows to show.
import { t } from '../../i18n';
import { failureText } from './api';
import type { TreeApi } from './api';
import { mergeChildren } from './merge';
import { isLoaded, openNodes } from './model';
import type { CollapsedMap, ParentId, TreeModel } from './model';
import type { WriteLog } from './writes';

export type ChildLoad = 'loading' | 'failed';

/**
 * Failures this close together are told once (say ten nodes opened on an earlier visit, the
 * server down): the rows say which failed, and the one Retry tries them all.
 */
export const FAILURE_QUIET_MS = 5000;

/** The message for a node whose children could not be loaded. */
function loadFailureMessage(name: string | null): string {
  return name === null ? t('tree.failed.topLevel') : t('tree.failed.children', { name });
}

interface LoaderState {
  model: TreeModel;
  collapsed: CollapsedMap;
  childLoads: ReadonlyMap<ParentId, ChildLoad>;
}

interface LoaderContext {
  api: Pick<TreeApi, 'listChildren'>;
  getState: () => LoaderState;
  set: (patch: { model?: TreeModel; childLoads?: ReadonlyMap<ParentId, ChildLoad> }) => void;
  writes: WriteLog;
  /** Report a failure with a way to try again. */
  onError: (message: string, retry?: () => void) => void;
  /** The name a message gives a node (null: the top level). */
  nameOf: (id: ParentId) => string | null;
  now?: () => number;
}

/** The children-loading half of the tree store. */
export function createChildLoader({
  api,
  getState,
  set,
  writes,
  onError,
  nameOf,
  now = () => Date.now(),
}: LoaderContext) {
  /** Children on their way, by node: whoever needs them waits for the same call. */
  const loads = new Map<ParentId, Promise<boolean>>();
  let lastReported = Number.NEGATIVE_INFINITY;

  const setLoad = (parentId: ParentId, load: ChildLoad | null) => {
    const childLoads = new Map(getState().childLoads);
    if (load) childLoads.set(parentId, load);
    else childLoads.delete(parentId);
    set({ childLoads });
  };

  /** Load a node's children (once, however many ask); resolve whether they arrived. */
  const load = (parentId: ParentId): Promise<boolean> => {
    const inFlight = loads.get(parentId);
    if (inFlight) return inFlight;
    const since = writes.mark();
    const call = api.listChildren(parentId).then(
      (records) => {
        loads.delete(parentId);
        const { model, childLoads } = getState();
        const rest = new Map(childLoads);
        rest.delete(parentId);
        const merged = mergeChildren(model, parentId, records, writes.keepSince(since));
        set({ model: merged, childLoads: rest });
        return true;
      },
      (error: unknown) => {
        loads.delete(parentId);
        setLoad(parentId, 'failed');
        if (now() - lastReported >= FAILURE_QUIET_MS) {
          lastReported = now();
          onError(failureText(loadFailureMessage(nameOf(parentId)), error), retryFailed);
        }
        return false;
      },
    );
    loads.set(parentId, call);
    setLoad(parentId, 'loading');
    return call;
  };

  /** Try again every node whose children failed to load. */
  function retryFailed() {
    lastReported = Number.NEGATIVE_INFINITY;
    for (const [id, state] of getState().childLoads) if (state === 'failed') void load(id);
  }

  return {
    load,
    /** Try again a node whose children failed (an explicit retry: a failure is told again). */
    retry(parentId: ParentId) {
      lastReported = Number.NEGATIVE_INFINITY;
      void load(parentId);
    },
    /** Load the children of every shown, open node that lacks them (not those that failed). */
    loadOpenNodes() {
      const { model, collapsed, childLoads } = getState();
      for (const id of openNodes(model, collapsed)) {
        if (!isLoaded(model, id) && !childLoads.has(id)) void load(id);
      }
    },
    /** Resolve whether a node's children are all known, loading them when they are not. */
    whenLoaded: (parentId: ParentId): Promise<boolean> =>
      isLoaded(getState().model, parentId) ? Promise.resolve(true) : load(parentId),
    /** Let a node whose children failed be loaded again (it is being opened anew). */
    forgetFailure(parentId: ParentId) {
      if (getState().childLoads.get(parentId) === 'failed') setLoad(parentId, null);
    },
  };
}
