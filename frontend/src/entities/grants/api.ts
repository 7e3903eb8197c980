// The grants editor's one call: a node's children, named in a locale.
import type { TreePageOut } from '../../api/types';
import { api } from '../../api/client';
import type { GrantPage, Target } from './model';

export interface PageChildrenApi {
  /** One node's children (null: the top level), deleted ones included. */
  listChildren(parent: Target): Promise<GrantPage[]>;
}

/** Read a node's children, pages named in `locale`. */
export function createPageChildrenApi(locale: string): PageChildrenApi {
  return {
    listChildren: async (parent) => {
      const answer: TreePageOut[] = await api.get('/admin/{locale}/pages.json', {
        path: { locale },
        query: { parent_id: String(parent ?? 'root') },
      });
      return answer.map(({ id, parent_page_id, status, blocks, child_count }) => ({
        id: id ?? 0,
        parent_page_id,
        status,
        blocks: { name: blocks.name ?? {} },
        child_count,
      }));
    },
  };
}
