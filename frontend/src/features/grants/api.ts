// The grants screen's calls: a node's children, a user's grants, and changing them.
import type { Grant, PagePermission, TreePageOut } from '../../api/types';
import { api } from '../../api/client';
import type { GrantPage, Target } from './model';

export interface GrantChange {
  user_id: number;
  /** The comma-separated id list ("12,15,root"). */
  page_ids: string;
  permissions: PagePermission[];
  action: 'grant' | 'revoke';
}

export interface GrantsApi {
  /** One node's children (null: the top level), deleted ones included. */
  listChildren(parent: Target): Promise<GrantPage[]>;
  listGrants(userId: number): Promise<Grant[]>;
  /** Grant or revoke on every listed page at once; answers the user's new grants. */
  changeGrants(change: GrantChange): Promise<Grant[]>;
}

/** Return the grants screen's calls, pages named in `locale`. */
export function createGrantsApi(locale: string): GrantsApi {
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
    listGrants: (userId) => api.get('/admin/grants.json', { query: { user_id: userId } }),
    changeGrants: (change) => api.post('/admin/grants.json', change),
  };
}
