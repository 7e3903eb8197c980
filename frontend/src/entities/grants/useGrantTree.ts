import { useCallback, useMemo, useRef, useState } from 'react';
import type { PageChildrenApi } from './api';
import type { ChildLoad } from './GrantTree';
import { treeOf, visibleRows, withChildren } from './model';
import type { GrantPage } from './model';

/** The grants editor's tree: opened a node at a time, children read once, as they are opened. */
export function useGrantTree(topLevel: readonly GrantPage[], api: PageChildrenApi) {
  const [tree, setTree] = useState(() => treeOf(topLevel));
  const [open, setOpenIds] = useState<ReadonlySet<number>>(new Set());
  const [loads, setLoads] = useState<ReadonlyMap<number, ChildLoad>>(new Map());
  const loaded = useRef(new Set<number>());

  const setLoad = (id: number, load: ChildLoad | null) =>
    setLoads((current) => {
      const next = new Map(current);
      if (load) next.set(id, load);
      else next.delete(id);
      return next;
    });

  const setOpen = useCallback(
    async (id: number, on: boolean) => {
      setOpenIds((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      });
      if (!on || loaded.current.has(id)) return;
      loaded.current.add(id);
      setLoad(id, 'loading');
      try {
        const children = await api.listChildren(id);
        setTree((current) => withChildren(current, id, children));
        setLoad(id, null);
      } catch {
        loaded.current.delete(id);
        setLoad(id, 'failed');
      }
    },
    [api],
  );

  const rows = useMemo(() => visibleRows(tree, open), [tree, open]);
  return { tree, rows, loads, setOpen };
}
