import { describe, expect, it } from 'vitest';
import { describeFields } from './compareModel';
import type { FieldContext } from './compareModel';
import type { ChangedField } from './types';

const context: FieldContext = {
  templateName: (name) => ({ page: 'Standard page', event: 'Event' })[name] ?? name,
  authorName: (id) => (id === 2 ? 'Eva Editor' : null),
  localeName: (code) => ({ en: 'English', ar: 'العربية' })[code] ?? code,
};

const field = (name: string, from: unknown, to: unknown, locale: string | null = null) =>
  ({ name, locale, from, to }) satisfies ChangedField;

const words = (fields: ChangedField[]) =>
  describeFields(fields, context).map(({ label, locale, from, to, removed, added }) => ({
    label,
    locale,
    from,
    to,
    ...(removed ? { removed, added } : {}),
  }));

describe('describeFields', () => {
  it('names each field as the editor does, its values in words', () => {
    expect(
      words([
        field('template', 'page', 'event'),
        field('status', 0, 2),
        field('pinned', false, true),
        field('user_id', 2, 9),
        field('meta_image_id', null, 12),
        field('redirect_to', '', '/en/new'),
        field('path_segment', 'team', 'our-team', 'en'),
      ]),
    ).toEqual([
      { label: 'Template', locale: null, from: 'Standard page', to: 'Event' },
      { label: 'Status', locale: null, from: 'Draft', to: 'Published' },
      { label: 'Pinned', locale: null, from: 'No', to: 'Yes' },
      { label: 'Author', locale: null, from: 'Eva Editor', to: 'user 9' },
      { label: 'Social sharing image', locale: null, from: '—', to: 'image 12' },
      { label: 'Redirect to', locale: null, from: '—', to: '/en/new' },
      { label: 'Path segment', locale: 'English', from: 'team', to: 'our-team' },
    ]);
  });

  it('writes dates in the interface language', () => {
    const [date] = words([field('published_at', null, '2026-05-02T14:05:00+00:00')]);
    expect(date?.from).toBe('—');
    expect(date?.to).toMatch(/2026/);
  });

  it('says what a list field lost and gained: tags, images (the main one said) and files', () => {
    expect(
      words([
        field('tags', ['Library', 'Events'], ['Library', 'Music']),
        field(
          'images',
          [
            [12, true],
            [13, false],
          ],
          [[13, true]],
        ),
        field('files', [7], []),
      ]),
    ).toEqual([
      {
        label: 'Tags',
        locale: null,
        from: 'Library, Events',
        to: 'Library, Music',
        removed: ['Events'],
        added: ['Music'],
      },
      {
        label: 'Images',
        locale: null,
        from: 'image 12 (main), image 13',
        to: 'image 13 (main)',
        removed: ['image 12 (main)', 'image 13'],
        added: ['image 13 (main)'],
      },
      { label: 'Files', locale: null, from: 'file 7', to: '—', removed: ['file 7'], added: [] },
    ]);
  });

  it('names a field it does not know in plain words', () => {
    expect(words([field('some_new_field', 'a', 'b')])[0]?.label).toBe('Some new field');
  });
});
