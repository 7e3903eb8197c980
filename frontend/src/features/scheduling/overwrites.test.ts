import { describe, expect, it } from 'vitest';
import type { ScheduledChangeOut } from '../../api/types';
import { changedFields, waitingOverwrites } from './overwrites';

const change = (overrides: Partial<ScheduledChangeOut>): ScheduledChangeOut => ({
  id: 1,
  at: '2026-05-02T11:00:00Z',
  user: null,
  state: 'waiting',
  locale: 'en',
  fields: [],
  reason: null,
  errors: [],
  applied_at: null,
  revision_id: null,
  ...overrides,
});

describe('the fields a save changes', () => {
  it('are those whose value differs, whatever the order of an object’s keys', () => {
    const stored = { name: 'A', body: 'B', lock_version: 3, links: [{ id: 1, position: 1 }] };
    const sent = { name: 'A', body: 'C', lock_version: 4, links: [{ position: 1, id: 1 }] };
    expect(changedFields(stored, sent)).toEqual(['body']);
  });
});

describe('the waiting changes a save would stop', () => {
  const localized = (name: string) => name === 'body';

  it('are those setting a changed field, soonest first, with the fields named', () => {
    const later = change({ id: 2, at: '2026-05-03T11:00:00Z', fields: ['body', 'pinned'] });
    const sooner = change({ id: 3, fields: ['name'] });
    const other = change({ id: 4, fields: ['status'] });
    const found = waitingOverwrites([later, sooner, other], ['name', 'body'], 'en', localized);
    expect(found.map(({ change: { id }, fields }) => [id, fields])).toEqual([
      [3, ['name']],
      [2, ['body']],
    ]);
  });

  it('leave out another locale’s localized fields, and changes not waiting', () => {
    const nb = change({ locale: 'nb', fields: ['name', 'body', 'pinned'] });
    const failed = change({ id: 5, state: 'failed', fields: ['pinned'] });
    const found = waitingOverwrites([nb, failed], ['name', 'body', 'pinned'], 'en', localized);
    expect(found.map(({ fields }) => fields)).toEqual([['pinned']]);
  });
});
