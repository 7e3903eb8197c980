// The bulk calls (issue 33, DESIGN §3): start a job on the selected pages, read how it goes, and
// find the page a move puts them under.
// The bulk addresses are not in the generated paths yet (see the hand-written types in
// api/types.ts): `address` fills them as the typed client does; switch to api.post/api.get once
// openapi.json has them.
import { address } from '../../api/client';
import type { BulkJob, BulkJobAccepted, BulkRequest } from '../../api/types';
import { findParentPages } from '../../entities/pages/api';
import type { ParentChoice } from '../../entities/pages/api';
import { getJSON, postJSON } from '../../lib/http';

export interface BulkApi {
  start(locale: string, request: BulkRequest): Promise<BulkJobAccepted>;
  job(id: BulkJobAccepted['id']): Promise<BulkJob>;
  /** Pages whose name contains `q`, to move the selection under. */
  findParents(locale: string, q: string): Promise<ParentChoice[]>;
}

export function createBulkApi(): BulkApi {
  return {
    start: (locale, request) =>
      postJSON<BulkJobAccepted>(
        address('/admin/{locale}/bulk.json', { path: { locale } }),
        request,
      ),
    job: (id) => getJSON<BulkJob>(address('/admin/jobs/{id}.json', { path: { id } })),
    findParents: findParentPages,
  };
}
