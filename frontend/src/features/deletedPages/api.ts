// The deleted pages' calls (DESIGN §3, Deleted pages): the list, a restore, a purge.
import { api } from '../../api/client';
import type { components } from '../../api/generated/schema';

type Schemas = components['schemas'];

export type DeletedPages = Schemas['DeletedPagesOut'];
export type DeletedPage = Schemas['DeletedPageOut'];

/** The list's pages hold this many entries (the server's page size). */
export const DELETED_PAGE_SIZE = 50;

/** A page the parent picker offers: its id and name in the locale. */
export interface ParentChoice {
  id: number;
  name: string;
}

export interface DeletedPagesApi {
  list(locale: string, q: string, page: number): Promise<DeletedPages>;
  /** `parentId` undefined: its old place; null: the top level. */
  restore(locale: string, id: number, parentId?: number | null): Promise<unknown>;
  purge(locale: string, id: number): Promise<unknown>;
  findParents(locale: string, q: string): Promise<ParentChoice[]>;
}

type NamedRecord = { id: number; blocks?: { name?: Record<string, string> } };

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
    findParents: async (locale, q) => {
      const found = (await api.get('/admin/{locale}/pages.json', {
        path: { locale },
        query: { q },
      })) as unknown as NamedRecord[];
      const wanted = q.toLocaleLowerCase();
      return found
        .map((record) => {
          const names = record.blocks?.name ?? {};
          return { id: record.id, name: names[locale] ?? Object.values(names)[0] ?? '' };
        })
        .filter((choice) => choice.name.toLocaleLowerCase().includes(wanted))
        .slice(0, 10);
    },
  };
}
