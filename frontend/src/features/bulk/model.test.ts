import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import type { BulkResult } from '../../api/types';
import {
  FIRST_POLL_MS,
  SLOWEST_POLL_MS,
  bulkRequest,
  confirmLabel,
  confirmation,
  nextPollDelay,
  tally,
} from './model';
import type { BulkChoice } from './model';

afterEach(() => setLanguage('en'));

const about = { id: 40, name: 'About us' };

describe('the call a bulk action makes', () => {
  it.each<[string, BulkChoice, object]>([
    ['publish', { action: 'publish' }, { action: 'publish', page_ids: [3, 1] }],
    ['hide', { action: 'hide' }, { action: 'hide', page_ids: [3, 1] }],
    ['unpublish', { action: 'unpublish' }, { action: 'unpublish', page_ids: [3, 1] }],
    ['delete', { action: 'delete' }, { action: 'delete', page_ids: [3, 1] }],
    ['submit', { action: 'submit' }, { action: 'submit', page_ids: [3, 1] }],
    [
      'move under a page',
      { action: 'move', parent: about },
      { action: 'move', page_ids: [3, 1], parent_page_id: 40 },
    ],
    [
      'move to the top level',
      { action: 'move', parent: null },
      { action: 'move', page_ids: [3, 1], parent_page_id: null },
    ],
    ['tag', { action: 'tag', tag: 'Spring' }, { action: 'tag', page_ids: [3, 1], tag: 'Spring' }],
    ['untag', { action: 'untag', tag: 'Old' }, { action: 'untag', page_ids: [3, 1], tag: 'Old' }],
  ])('%s sends exactly its fields', (_, choice, body) => {
    expect(bulkRequest(choice, [3, 1])).toEqual(body);
  });
});

describe('the confirmation', () => {
  it.each<[BulkChoice, number, string]>([
    [{ action: 'publish' }, 30, 'Publish 30 pages? Visitors will see them at once.'],
    [{ action: 'publish' }, 1, 'Publish 1 page? Visitors will see it at once.'],
    [
      { action: 'delete' },
      12,
      'Delete 12 pages and the pages below them? Visitors will no longer see them. They can be restored from Deleted pages.',
    ],
    [{ action: 'unpublish' }, 2, 'Unpublish 2 pages? Visitors will no longer see them.'],
    [
      { action: 'hide' },
      3,
      'Hide 3 pages? They leave menus, feeds and the sitemap at once; visitors can still open them by their address.',
    ],
    [
      { action: 'move', parent: about },
      4,
      'Move 4 pages under “\u2068About us\u2069”? Their addresses change at once; the old ones lead to the new.',
    ],
    [
      { action: 'move', parent: null },
      4,
      'Move 4 pages to the top level? Their addresses change at once; the old ones lead to the new.',
    ],
    [
      { action: 'tag', tag: 'Spring' },
      5,
      'Add the tag “\u2068Spring\u2069” to 5 pages? Where the website shows tags, visitors see it at once.',
    ],
    [
      { action: 'submit' },
      6,
      'Submit 6 pages for review? Visitors keep seeing the live pages until a reviewer approves.',
    ],
  ])('%o of %i pages says what visitors will see', (choice, count, text) => {
    expect(confirmation(choice, count)).toBe(text);
  });

  it('counts in Arabic with the plural forms of the language', () => {
    setLanguage('ar');
    expect(confirmation({ action: 'publish' }, 2)).toBe('نشر صفحتين؟ سيراهما الزوار فورًا.');
    expect(confirmation({ action: 'publish' }, 5)).toBe('نشر 5 صفحات؟ سيراها الزوار فورًا.');
    expect(confirmation({ action: 'publish' }, 30)).toBe('نشر 30 صفحة؟ سيراها الزوار فورًا.');
  });

  it('is confirmed by a button naming the action, without the step’s ellipsis', () => {
    expect(confirmLabel('publish')).toBe('Publish');
    expect(confirmLabel('move')).toBe('Move');
    expect(confirmLabel('untag')).toBe('Remove the tag');
  });
});

describe('a job’s results', () => {
  it('count the pages done and list the others by outcome, in order', () => {
    const result = (page_id: number, outcome: BulkResult['outcome']): BulkResult => ({
      page_id,
      outcome,
      message: outcome === 'done' ? '' : `Why ${page_id}`,
    });
    const sums = tally([
      result(1, 'done'),
      result(2, 'refused'),
      result(3, 'failed'),
      result(4, 'done'),
      result(5, 'refused'),
    ]);
    expect(sums.done).toBe(2);
    expect(sums.refused.map((r) => r.page_id)).toEqual([2, 5]);
    expect(sums.failed.map((r) => r.message)).toEqual(['Why 3']);
  });
});

describe('polling a job', () => {
  it('asks every second while it moves, less and less often while it does not', () => {
    let delay = FIRST_POLL_MS;
    const waits = [];
    for (let poll = 0; poll < 7; poll += 1) waits.push((delay = nextPollDelay(delay, false)));
    expect(waits).toEqual([1500, 2250, 3375, 5063, 7595, SLOWEST_POLL_MS, SLOWEST_POLL_MS]);
    expect(nextPollDelay(SLOWEST_POLL_MS, true)).toBe(FIRST_POLL_MS);
  });
});
