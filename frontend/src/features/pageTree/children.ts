// Loading nodes' children (GET pages.json?parent_id=, or ?parent_ids= for several): once
// however many ask, for every shown node that is open without them, with the node's state
// (loading, failed) kept in the store's state for the rows to show. Nodes that need their
// children at the same moment (the start, a search opening a path, a retry) are asked in as
// few calls as the limits below allow, and each call's answer is shown as it arrives.
import { t } from '../../i18n';
import { MAX_PARENT_IDS, failureText } from './api';
import type { TreeApi } from './api';
import { mergeChildLists } from './merge';
import { isLoaded, openNodes, shownChildCount } from './model';
import type { CollapsedMap, ParentId, TreeModel } from './model';
import type { TreePage } from './types';
import type { WriteLog } from './writes';

export type ChildLoad = 'loading' | 'failed';

/**
 * Failures this close together are told once (say ten nodes opened on an earlier visit, the
 * server down): the rows say which failed, and the one Retry tries them all.
 */
export const FAILURE_QUIET_MS = 5000;

/**
 * How much one call asks for at most: the nodes' children, as their records count them, and
 * the nodes. A row of the answer is ~2.5 KB of JSON with its links (~150 KB gzipped per
 * thousand), parsed and merged in one go on the browser's main thread: 2,000 rows keep each
 * arrival short and 100 open nodes of 500 children in 25 calls. A node with more children
 * than that is asked alone (the server answers any one node whole).
 */
export const BATCH_LIMITS = { rows: 2000, nodes: MAX_PARENT_IDS } as const;

export interface BatchLimits {
  readonly rows: number;
  readonly nodes: number;
}

/**
 * How many calls for several nodes are on their way at once; the others wait their turn. Two
 * keep the server's two workers (scripts/run.sh) busy while the browser reads the answers as
 * fast as when every call goes at once, and a node a person opens meanwhile (a call for one
 * node, never held back) is answered after those two, not after every call the browser
 * queued (it sends six at a time, in the order asked): 0.1–0.2 s instead of ~3 s while 100
 * open nodes of 500 children load.
 */
export const BATCH_CALLS_AT_ONCE = 2;

/**
 * Split nodes into calls, keeping their order (the top of the screen first): a call takes the
 * next node unless its expected children would take it past `limits.rows` or it already holds
 * `limits.nodes` nodes. A node counts as at least one row, so empty ones still add up.
 */
export function groupForCalls(
  parentIds: readonly ParentId[],
  expected: (id: ParentId) => number,
  limits: BatchLimits = BATCH_LIMITS,
): ParentId[][] {
  const groups: ParentId[][] = [];
  let group: ParentId[] = [];
  let rows = 0;
  for (const id of parentIds) {
    const cost = Math.max(1, expected(id));
    if (group.length > 0 && (group.length >= limits.nodes || rows + cost > limits.rows)) {
      groups.push(group);
      group = [];
      rows = 0;
    }
    group.push(id);
    rows += cost;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

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
  api: Pick<TreeApi, 'listChildren' | 'listChildrenOf'>;
  getState: () => LoaderState;
  set: (patch: { model?: TreeModel; childLoads?: ReadonlyMap<ParentId, ChildLoad> }) => void;
  writes: WriteLog;
  /** Report a failure with a way to try again. */
  onError: (message: string, retry?: () => void) => void;
  /** The name a message gives a node (null: the top level). */
  nameOf: (id: ParentId) => string | null;
  now?: () => number;
  limits?: BatchLimits;
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
  limits = BATCH_LIMITS,
}: LoaderContext) {
  /** Children on their way, by node: whoever needs them waits for the same call. */
  const loads = new Map<ParentId, Promise<boolean>>();
  let lastReported = Number.NEGATIVE_INFINITY;
  /** Calls for several nodes on their way, and those waiting for their turn. */
  let batchCalls = 0;
  const waitingCalls: (() => void)[] = [];

  /** Make a call for several nodes once fewer than BATCH_CALLS_AT_ONCE are on their way. */
  const inTurn = <T>(call: () => Promise<T>): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const run = () => {
        batchCalls += 1;
        let answer: Promise<T>;
        try {
          answer = call();
        } catch (error) {
          answer = Promise.reject(error instanceof Error ? error : new Error(String(error)));
        }
        answer.then(resolve, reject).finally(() => {
          batchCalls -= 1;
          waitingCalls.shift()?.();
        });
      };
      if (batchCalls < BATCH_CALLS_AT_ONCE) run();
      else waitingCalls.push(run);
    });

  const setLoads = (parentIds: readonly ParentId[], load: ChildLoad | null) => {
    const childLoads = new Map(getState().childLoads);
    for (const id of parentIds) {
      if (load) childLoads.set(id, load);
      else childLoads.delete(id);
    }
    set({ childLoads });
  };

  /**
   * Ask the server for these nodes' children: one node alone by parent_id (the call a
   * single open makes), several by parent_ids. Resolve each node's list.
   */
  const fetchLists = (group: readonly ParentId[]): Promise<Map<ParentId, TreePage[]>> => {
    const [first = null] = group;
    const { listChildrenOf } = api;
    if (group.length === 1 || !listChildrenOf)
      return api.listChildren(first).then((records) => new Map([[first, records]]));
    return inTurn(() => listChildrenOf(group));
  };

  /** The calls these nodes take: grouped when the server answers several at once. */
  const callsFor = (parentIds: readonly ParentId[]): ParentId[][] => {
    if (!api.listChildrenOf) return parentIds.map((id) => [id]);
    const { model } = getState();
    return groupForCalls(parentIds, (id) => shownChildCount(model, id), limits);
  };

  /** Load one call's nodes and show them when it answers; resolve whether they arrived. */
  const send = (group: readonly ParentId[]): Promise<boolean> => {
    const since = writes.mark();
    const call = fetchLists(group).then(
      (lists) => {
        for (const id of group) loads.delete(id);
        const { model, childLoads } = getState();
        const rest = new Map(childLoads);
        for (const id of group) rest.delete(id);
        const answered = new Map(group.map((id) => [id, lists.get(id) ?? []]));
        set({ model: mergeChildLists(model, answered, writes.keepSince(since)), childLoads: rest });
        return true;
      },
      (error: unknown) => {
        for (const id of group) loads.delete(id);
        setLoads(group, 'failed');
        if (now() - lastReported >= FAILURE_QUIET_MS) {
          lastReported = now();
          onError(failureText(loadFailureMessage(nameOf(group[0] ?? null)), error), retryFailed);
        }
        return false;
      },
    );
    for (const id of group) loads.set(id, call);
    setLoads(group, 'loading');
    return call;
  };

  /**
   * Load the children of these nodes (once each, however many ask), in as few calls as the
   * limits allow; resolve whether every one arrived.
   */
  const loadAll = (parentIds: readonly ParentId[]): Promise<boolean> => {
    const waiting = [...new Set(parentIds)];
    const fresh = waiting.filter((id) => !loads.has(id));
    for (const group of callsFor(fresh)) void send(group);
    return Promise.all(waiting.map((id) => loads.get(id) ?? Promise.resolve(false))).then(
      (arrived) => arrived.every(Boolean),
    );
  };

  /** Load a node's children (once, however many ask); resolve whether they arrived. */
  const load = (parentId: ParentId): Promise<boolean> => loads.get(parentId) ?? send([parentId]);

  /** Try again every node whose children failed to load. */
  function retryFailed() {
    lastReported = Number.NEGATIVE_INFINITY;
    const failed = [...getState().childLoads].filter(([, state]) => state === 'failed');
    void loadAll(failed.map(([id]) => id));
  }

  return {
    load,
    loadAll,
    /** Try again a node whose children failed (an explicit retry: a failure is told again). */
    retry(parentId: ParentId) {
      lastReported = Number.NEGATIVE_INFINITY;
      void load(parentId);
    },
    /** Load the children of every shown, open node that lacks them (not those that failed). */
    loadOpenNodes() {
      const { model, collapsed, childLoads } = getState();
      const needed = openNodes(model, collapsed).filter(
        (id) => !isLoaded(model, id) && !childLoads.has(id),
      );
      if (needed.length > 0) void loadAll(needed);
    },
    /**
     * Read these nodes' children afresh (a resync), in as few calls as the limits allow,
     * without showing them: resolve every list once all arrived, reject if a call failed.
     */
    readAll(parentIds: readonly ParentId[]): Promise<TreePage[]> {
      return Promise.all(callsFor(parentIds).map(fetchLists)).then((answers) =>
        answers.flatMap((lists) => [...lists.values()].flat()),
      );
    },
    /** Resolve whether a node's children are all known, loading them when they are not. */
    whenLoaded: (parentId: ParentId): Promise<boolean> =>
      isLoaded(getState().model, parentId) ? Promise.resolve(true) : load(parentId),
    /** Let a node whose children failed be loaded again (it is being opened anew). */
    forgetFailure(parentId: ParentId) {
      if (getState().childLoads.get(parentId) === 'failed') setLoads([parentId], null);
    },
  };
}
