// The users screen's calls (DESIGN.md §3 people and invitations).
import type { InvitationOut, UserRecord } from '../../api/types';
import { api } from '../../api/client';
import { createPageChildrenApi } from '../../entities/grants/api';
import type { PageChildrenApi } from '../../entities/grants/api';
import type { createPayload, updatePayload } from './model';
import type { invitationPayload } from './invitations/model';

export interface UsersApi {
  list(): Promise<UserRecord[]>;
  create(body: ReturnType<typeof createPayload>): Promise<UserRecord>;
  /** A form's changes, or a superuser turning the user's second step off. */
  update(
    id: number,
    body: ReturnType<typeof updatePayload> | { user: { two_factor: false } },
  ): Promise<UserRecord>;
  invite(body: ReturnType<typeof invitationPayload>): Promise<InvitationOut>;
  listInvitations(): Promise<InvitationOut[]>;
  revokeInvitation(id: number): Promise<InvitationOut>;
}

export const usersApi: UsersApi = {
  list: () => api.get('/admin/users.json', {}),
  create: (body) => api.post('/admin/users.json', body),
  update: (id, body) => api.put('/admin/users/{user_id}.json', body, { path: { user_id: id } }),
  invite: (body) => api.post('/admin/invitations.json', body),
  listInvitations: () => api.get('/admin/invitations.json', {}),
  revokeInvitation: (id) =>
    api.delete('/admin/invitations/{invitation_id}.json', { path: { invitation_id: id } }),
};

/** The grants editor's tree in the invitation form, pages named in `locale`. */
export function invitationTreeApi(locale: string): PageChildrenApi {
  return createPageChildrenApi(locale);
}
