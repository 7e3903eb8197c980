// The grants screen's calls: a node's children, a user's grants, and changing them.
import type { Grant, PagePermission } from '../../api/types';
import { api } from '../../api/client';
import { createPageChildrenApi } from '../../entities/grants/api';
import type { PageChildrenApi } from '../../entities/grants/api';

export interface GrantChange {
  user_id: number;
  /** The comma-separated id list ("12,15,root"). */
  page_ids: string;
  permissions: PagePermission[];
  action: 'grant' | 'revoke';
}

export interface GrantsApi extends PageChildrenApi {
  listGrants(userId: number): Promise<Grant[]>;
  /** Grant or revoke on every listed page at once; answers the user's new grants. */
  changeGrants(change: GrantChange): Promise<Grant[]>;
}

/** Return the grants screen's calls, pages named in `locale`. */
export function createGrantsApi(locale: string): GrantsApi {
  return {
    ...createPageChildrenApi(locale),
    listGrants: (userId) => api.get('/admin/grants.json', { query: { user_id: userId } }),
    changeGrants: (change) => api.post('/admin/grants.json', change),
  };
}
