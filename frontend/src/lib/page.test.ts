import { describe, expect, it } from 'vitest';
import {
  PAGE_STATUSES,
  STATUS_DELETED,
  STATUS_DRAFT,
  STATUS_HIDDEN,
  STATUS_LABELS,
  STATUS_PUBLISHED,
  STATUS_REVIEWED,
  displayName,
  editPageUrl,
  editorUrl,
  isPageStatus,
  localizedName,
  newPageUrl,
  pageTreeUrl,
  publicUrl,
} from './page';

describe('statuses', () => {
  it.each([
    [STATUS_DRAFT, 0, 'Draft'],
    [STATUS_REVIEWED, 1, 'Reviewed'],
    [STATUS_PUBLISHED, 2, 'Published'],
    [STATUS_HIDDEN, 3, 'Hidden'],
    [STATUS_DELETED, 4, 'Deleted'],
  ] as const)('status %i is %i, labelled %s (spec §4)', (constant, value, label) => {
    expect(constant).toBe(value);
    expect(STATUS_LABELS[constant]).toBe(label);
  });

  it('lists every status once, in order', () => {
    expect(PAGE_STATUSES).toEqual([0, 1, 2, 3, 4]);
    expect(Object.keys(STATUS_LABELS).map(Number)).toEqual([...PAGE_STATUSES]);
  });

  it.each([
    [0, true],
    [4, true],
    [5, false],
    [-1, false],
    [1.5, false],
    [Number.NaN, false],
    ['2', false],
    [null, false],
  ])('%j is a status: %s', (value, expected) => {
    expect(isPageStatus(value)).toBe(expected);
  });
});

describe('names in a locale', () => {
  const order = ['en', 'nb', 'ar'];
  it.each([
    [
      'its own locale',
      { en: 'About', nb: 'Om oss' },
      'nb',
      { text: 'Om oss', locale: 'nb', fallback: false },
    ],
    ['another locale', { en: 'About' }, 'nb', { text: 'About', locale: 'en', fallback: true }],
    [
      'another locale when its own is blank',
      { nb: '  ', en: 'About' },
      'nb',
      { text: 'About', locale: 'en', fallback: true },
    ],
    [
      'the first locale of the website’s order, not of the record',
      { ar: 'حول', nb: 'Om oss' },
      'en',
      { text: 'Om oss', locale: 'nb', fallback: true },
    ],
    [
      'a locale the order does not list, last',
      { xx: 'Elsewhere' },
      'en',
      { text: 'Elsewhere', locale: 'xx', fallback: true },
    ],
    ['trimmed text', { en: ' About ' }, 'en', { text: 'About', locale: 'en', fallback: false }],
    [
      'nothing when no locale has a name',
      { en: '', nb: ' ' },
      'en',
      { text: '', locale: 'en', fallback: false },
    ],
    ['nothing without a name block', undefined, 'en', { text: '', locale: 'en', fallback: false }],
    [
      'a shared (non-localized) name',
      'Shared',
      'nb',
      { text: 'Shared', locale: 'nb', fallback: false },
    ],
  ])('takes %s', (_, name, locale, expected) => {
    expect(localizedName(name, locale, order)).toEqual(expected);
  });

  it('falls back in the record’s order without a locale order', () => {
    expect(localizedName({ nb: 'Om oss', ar: 'حول' }, 'en')).toEqual({
      text: 'Om oss',
      locale: 'nb',
      fallback: true,
    });
  });

  it.each([
    [{ en: 'About' }, 'en', 'About'],
    [{ nb: 'Om oss' }, 'en', 'Om oss'],
    [{ en: '' }, 'en', 'Untitled'],
    [undefined, 'en', 'Untitled'],
  ])('shows %j in %s as %j', (name, locale, expected) => {
    expect(displayName(name, locale, order)).toBe(expected);
  });
});

describe('addresses', () => {
  it('of the page tree', () => {
    expect(pageTreeUrl('nb')).toBe('/admin/nb/pages');
  });

  it.each([
    ['en', 5, null, '/admin/en/pages/5/edit'],
    ['nb', 5, 'metadata', '/admin/nb/pages/5/edit#metadata'],
    ['pt-BR', 12, 'files', '/admin/pt-BR/pages/12/edit#files'],
    ['a/b', 1, null, '/admin/a%2Fb/pages/1/edit'],
  ] as const)('of the editor in %s of page %i on tab %s', (locale, id, tab, expected) => {
    expect(editPageUrl(locale, id, tab)).toBe(expected);
  });

  it.each([
    ['en', 2, 'content', '/admin/en/pages/new?parent=2#content'],
    ['ar', null, null, '/admin/ar/pages/new'],
    ['nb', null, 'metadata', '/admin/nb/pages/new#metadata'],
  ] as const)('of a new page in %s under %s on tab %s', (locale, parent, tab, expected) => {
    expect(newPageUrl(locale, parent, tab)).toBe(expected);
  });

  it.each([
    ['nb', 5, null, 'metadata', '/admin/nb/pages/5/edit#metadata'],
    ['nb', 5, 2, null, '/admin/nb/pages/5/edit'],
    ['en', null, 2, 'content', '/admin/en/pages/new?parent=2#content'],
    ['ar', null, null, null, '/admin/ar/pages/new'],
  ] as const)('of the editor: %s page %s parent %s tab %s', (locale, id, parent, tab, expected) => {
    expect(editorUrl(locale, id, parent, tab)).toBe(expected);
  });

  it.each([
    [{ en: '/en/about', nb: '/nb/om' }, 'nb', '/nb/om'],
    [{ en: '/en/about' }, 'nb', null],
    [{ en: '' }, 'en', null],
  ])('on the website: %j in %s', (urls, locale, expected) => {
    expect(publicUrl({ urls }, locale)).toBe(expected);
  });
});
