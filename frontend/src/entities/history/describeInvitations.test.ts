import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../api/types';
import { describeEntry } from './describe';

const entry = (fields: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  action: 'invite',
  user: { id: 1, username: 'admin', name: 'Ada Admin' },
  at: '2026-11-28T10:00:00Z',
  subject: 'invitation',
  subject_id: 5,
  subject_name: null,
  names: {},
  details: {},
  ...fields,
});

describe('invitations and reactivations in the log', () => {
  it('says who was invited, as what and from where', () => {
    const text = describeEntry(
      entry({ details: { email: 'nora@example.com', is_superuser: true, address: '192.0.2.1' } }),
    );
    expect(text.summary).toBe('invited nora@example.com as an administrator');
    expect(text.details).toEqual(['From 192.0.2.1']);
  });

  it('names the inviter of who joined', () => {
    const text = describeEntry(
      entry({
        action: 'accept_invitation',
        subject: 'user',
        subject_id: 9,
        names: { user: { '1': 'Ada Admin' } },
        details: { invited_by: 1, address: '198.51.100.4' },
      }),
    );
    expect(text.summary).toBe('joined, invited by Ada Admin');
    expect(text.details).toEqual(['From 198.51.100.4']);
  });

  it('tells of a revoked invitation and a reactivated user', () => {
    expect(
      describeEntry(entry({ action: 'revoke_invitation', details: { email: 'o@example.com' } }))
        .summary,
    ).toBe('revoked the invitation of o@example.com');
    const reactivated = describeEntry(
      entry({ action: 'reactivate', subject: 'user', subject_id: 7, subject_name: 'Kari' }),
    );
    expect(reactivated.summary).toBe('reactivated user Kari');
  });
});
