// The tree's calls without HTTP, answered by a server holding a fixed list of pages: what the
// tree tests use instead of mocking lib/http (the addresses are api.test.ts's business).
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { Mock } from 'vitest';
import { STATUS_DRAFT } from '../../../lib/page';
import type { TreeApi, TreePageFields } from '../api';
import type { MovePayload } from '../drag';
import type { ParentId } from '../model';
import type { TreePage } from '../types';
import { serverReads, treePage } from './fixtures';

export type FakeTreeApi = { [K in keyof Required<TreeApi>]: Mock<Required<TreeApi>[K]> };

/** A page after an update: its fields replaced, a name given in `locale`. */
function updated(page: TreePage, { name, ...fields }: TreePageFields, locale: string): TreePage {
  const blocks =
    name === undefined ? page.blocks : { name: { ...page.blocks.name, [locale]: name } };
  return { ...page, ...fields, blocks } as TreePage;
}

/**
 * The tree's calls over a server holding `pages` (in locale `en`): reads as the server answers
 * them (a node's children, several nodes' at once, a search by name); an update answers the
 * page with the fields changed, a move the page where it was put, a create a new page. Writes
 * do not change what reads answer. Each call is a spy a test checks or answers otherwise
 * (`api.movePage.mockRejectedValueOnce(…)`).
 */
export function fakeTreeApi(pages: readonly TreePage[], locale = 'en'): FakeTreeApi {
  const server = serverReads(pages);
  const byId = new Map(pages.map((page) => [page.id, page]));
  const stored = (id: number, parent: number | null = null): TreePage =>
    byId.get(id) ?? treePage(id, parent, 1);
  let nextId = Math.max(0, ...pages.map((page) => page.id)) + 1;
  return {
    listChildren: vi.fn(async (parentId) => server.children(parentId)),
    listChildrenOf: vi.fn(
      async (parentIds) => new Map(parentIds.map((id) => [id, server.children(id)])),
    ),
    searchPages: vi.fn(async (query) => server.search(query)),
    filterPages: vi.fn(async () => []),
    updatePage: vi.fn(async (id, fields) => updated(stored(id), fields, locale)),
    movePage: vi.fn(async (id, { parent_id, position }: MovePayload) => ({
      ...stored(id),
      parent_page_id: parent_id === false ? null : parent_id,
      position,
    })),
    createPage: vi.fn(async (fields) =>
      updated(
        { ...treePage(nextId++, null, 1), status: STATUS_DRAFT, blocks: { name: {} } },
        fields,
        locale,
      ),
    ),
  };
}

/**
 * Hold the answers to the child reads `hold` picks (by the node asked; null: the top level)
 * until `release`: a tree waiting for the server.
 */
export function holdChildReads(
  api: FakeTreeApi,
  hold: (parentId: ParentId) => boolean = () => true,
) {
  const held: (() => void)[] = [];
  const later = <T>(answer: Promise<T>, holding: boolean): Promise<T> =>
    holding ? new Promise((resolve) => held.push(() => resolve(answer))) : answer;
  const children = api.listChildren.getMockImplementation();
  const childrenOf = api.listChildrenOf.getMockImplementation();
  if (children) api.listChildren.mockImplementation((id) => later(children(id), hold(id)));
  if (childrenOf)
    api.listChildrenOf.mockImplementation((ids) => later(childrenOf(ids), ids.some(hold)));
  return {
    /** Answer every read held so far. */
    release: () =>
      act(async () => {
        held.splice(0).forEach((resolve) => resolve());
        await Promise.resolve();
      }),
  };
}
