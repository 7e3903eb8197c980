import { describe, expect, it } from 'vitest';
import type { InvitationOut } from '../../../api/types';
import { HttpError } from '../../../lib/http';
import {
  emptyInvitation,
  invitationErrorsOf,
  invitationPayload,
  pendingGrants,
  sortedInvitations,
  withEntry,
  withoutEntry,
} from './model';

describe('the invitation form model', () => {
  it('adds ticked pages with the chosen rights, and nothing without either', () => {
    const one = withEntry([], [12, null], ['edit']);
    expect(one).toEqual([{ targets: [12, null], permissions: ['edit'] }]);
    expect(withEntry(one, [], ['edit'])).toEqual(one);
    expect(withEntry(one, [5], [])).toEqual(one);
    expect(withoutEntry(withEntry(one, [5], ['create']), 0)).toEqual([
      { targets: [5], permissions: ['create'] },
    ]);
  });

  it('knows what the new person will hold per page, rights of several entries joined', () => {
    const entries = [
      { targets: [12, null], permissions: ['edit' as const] },
      { targets: [12], permissions: ['create' as const] },
    ];
    expect(pendingGrants(entries)).toEqual([
      { page_id: 12, permissions: ['edit', 'create'] },
      { page_id: null, permissions: ['edit'] },
    ]);
  });

  it('sends the grants call’s own words, and none for an administrator', () => {
    const values = {
      ...emptyInvitation('nb'),
      email: ' nora@example.com ',
      name: ' Nora ',
      grants: [{ targets: [12, null], permissions: ['edit' as const] }],
    };
    expect(invitationPayload(values)).toEqual({
      invitation: {
        email: 'nora@example.com',
        name: 'Nora',
        is_superuser: false,
        language: 'nb',
        grants: [{ page_ids: '12,root', permissions: ['edit'] }],
      },
    });
    expect(invitationPayload({ ...values, is_superuser: true }).invitation.grants).toEqual([]);
  });

  it('reads refusals by field; a throttled or refused revoke is about the form', () => {
    const refused = new HttpError(422, {
      detail: 'x',
      errors: [
        ['email', 'is not an email address'],
        ['grants', 'no page has the id 9'],
        ['invitation', 'Only an open invitation can be revoked'],
      ],
    });
    expect(invitationErrorsOf(refused, 'Failed')).toEqual({
      email: 'is not an email address',
      grants: 'no page has the id 9',
      form: 'Only an open invitation can be revoked',
    });
    const throttled = new HttpError(429, { detail: 'You sent 30 invitations in the last hour' });
    expect(invitationErrorsOf(throttled, 'Failed')).toEqual({
      form: 'You sent 30 invitations in the last hour',
    });
    expect(invitationErrorsOf(new Error('x'), 'Failed')).toEqual({ form: 'Failed' });
  });

  it('lists the open invitations first, then the newest', () => {
    const base = { state: 'accepted' } as InvitationOut;
    const list = [
      { ...base, id: 1 },
      { ...base, id: 3 },
      { ...base, id: 2, state: 'open' as const },
    ];
    expect(sortedInvitations(list).map((item) => item.id)).toEqual([2, 3, 1]);
  });
});
