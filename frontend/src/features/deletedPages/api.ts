// The deleted pages' calls (DESIGN §3, Deleted pages): the list, a restore, a purge.
import { api } from '../../api/client';
import type { components } from '../../api/generated/schema';
import { findParentPages } from '../../entities/pages/api';
import type { ParentChoice } from '../../entities/pages/api';

type Schemas = components['schemas'];

export type DeletedPages = Schemas['DeletedPagesOut'];
export type DeletedPage = Schemas['DeletedPageOut'];

/** The list's pages hold this many entries (the server's page size). */
export const DELETED_PAGE_SIZE = 50;

export type { ParentChoice } from '../../entities/pages/api';

export interface DeletedPagesApi {
  list(locale: string, q: string, page: number): Promise<DeletedPages>;
  /** `parentId` undefined: its old place; null: the top level. */
  restore(locale: string, id: number, parentId?: number | null): Promise<unknown>;
  purge(locale: string, id: number): Promise<unknown>;
  findParents(locale: string, q: string): Promise<ParentChoice[]>;
}

export function createDeletedPagesApi(): DeletedPagesApi {
  return {
    list: (locale, q, page) =>
      api.get('/admin/{locale}/deleted_pages.json', {
        path: { locale },
        query: { page, ...(q ? { q } : {}) },
      }),
    restore: (locale, id, parentId) =>
      api.post(
        '/admin/{locale}/pages/{page_id}/undelete.json',
        parentId === undefined ? {} : { parent_page_id: parentId },
        { path: { locale, page_id: id } },
      ),
    purge: (locale, id) =>
      api.delete('/admin/{locale}/pages/{page_id}.json', { path: { locale, page_id: id } }),
    findParents: findParentPages,
  };
}
