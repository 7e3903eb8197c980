// The users screen's calls (DESIGN.md §3 people).
import type { UserRecord } from '../../api/types';
import { api } from '../../api/client';
import type { createPayload, updatePayload } from './model';

export interface UsersApi {
  list(): Promise<UserRecord[]>;
  create(body: ReturnType<typeof createPayload>): Promise<UserRecord>;
  /** A form's changes, or a superuser turning the user's second step off. */
  update(
    id: number,
    body: ReturnType<typeof updatePayload> | { user: { two_factor: false } },
  ): Promise<UserRecord>;
}

export const usersApi: UsersApi = {
  list: () => api.get('/admin/users.json', {}),
  create: (body) => api.post('/admin/users.json', body),
  update: (id, body) => api.put('/admin/users/{user_id}.json', body, { path: { user_id: id } }),
};
