import { describe, expect, it } from 'vitest';
import { describeChanges } from './describeChanges';
import { initialData, page } from './test/fixtures';

const { templates, authors } = initialData();
const context = { page: page({ enabled_tags: ['Library'] }), locale: 'en', templates, authors };

describe('a payload’s fields in words', () => {
  it('labels each field as the editor does, with its value now and then', () => {
    const rows = describeChanges(
      {
        name: 'Team later',
        body: 'Hello\nall',
        status: 2,
        pinned: true,
        user_id: 2,
        template: 'event',
        serialized_tags: '["Events","Library"]',
        page_images_attributes: [{ image_id: 3, position: 1, primary: true }],
        published_at: '2026-06-01T10:00:00Z',
        lock_version: 3,
        _method: 'put',
      },
      context,
    );
    expect(rows.map(({ label, now, then }) => [label, now, then])).toEqual([
      ['Name', 'Team', 'Team later'],
      ['Body', 'Hello', 'Hello\nall'],
      ['Status', 'Draft', 'Published'],
      ['Pinned', 'No', 'Yes'],
      ['Author', 'Admin', 'Eva Editor'],
      ['Template', 'Standard page', 'Event'],
      ['Tags', 'Library', 'Events, Library'],
      ['Images', '0 images', '1 image'],
      ['Publish date', expect.stringMatching(/2026/), expect.stringMatching(/2026/)],
    ]);
    expect(rows.find((row) => row.name === 'body')?.long).toBe(true);
    expect(rows.find((row) => row.name === 'name')?.long).toBe(false);
  });
});
