// The bulk calls (issue 33, DESIGN §3): start a job on the selected pages, read how it goes, and
// find the page a move puts them under.
import { api } from '../../api/client';
import type { BulkJob, BulkJobAccepted, BulkRequest } from '../../api/types';
import type { components } from '../../api/generated/schema';

type BulkIn = components['schemas']['BulkIn'];
import { findParentPages } from '../../entities/pages/api';
import type { ParentChoice } from '../../entities/pages/api';

export interface BulkApi {
  start(locale: string, request: BulkRequest): Promise<BulkJobAccepted>;
  job(id: BulkJobAccepted['id']): Promise<BulkJob>;
  /** Pages whose name contains `q`, to move the selection under. */
  findParents(locale: string, q: string): Promise<ParentChoice[]>;
}

export function createBulkApi(): BulkApi {
  return {
    start: (locale, request) =>
      // The schema's own type requires the `message` the server defaults.
      api.post('/admin/{locale}/bulk.json', request as BulkIn, { path: { locale } }),
    job: (id) => api.get('/admin/jobs/{job_id}.json', { path: { job_id: id } }),
    findParents: findParentPages,
  };
}
