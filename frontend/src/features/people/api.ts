// The users screen's calls (DESIGN.md §3 people).
import type { UserRecord } from '../../api/types';
import { getJSON, postJSON, putJSON } from '../../lib/http';
import type { createPayload, updatePayload } from './model';

export interface UsersApi {
  list(): Promise<UserRecord[]>;
  create(body: ReturnType<typeof createPayload>): Promise<UserRecord>;
  update(id: number, body: ReturnType<typeof updatePayload>): Promise<UserRecord>;
}

export const usersApi: UsersApi = {
  list: () => getJSON<UserRecord[]>('/admin/users.json'),
  create: (body) => postJSON<UserRecord>('/admin/users.json', body),
  update: (id, body) => putJSON<UserRecord>(`/admin/users/${id}.json`, body),
};
