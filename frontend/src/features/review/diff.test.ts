import { describe, expect, it } from 'vitest';
import type { Page } from '../../api/types';
import { reviewDiff, reviewDiffInLocales } from './diff';

const live = {
  blocks: { name: { en: 'About', ar: 'حول' }, body: { en: 'Old words here' }, code: 'x1' },
} as unknown as Page;

describe('reviewDiff', () => {
  it('compares each block the change sets, in its locale, with the live text', () => {
    const diff = reviewDiff(
      {
        page: { body: 'New words here', code: 'x2', status: 2, lock_version: 3, _method: 'put' },
        fields: ['body', 'code', 'status'],
        locale: 'en',
      },
      live,
    );
    expect(diff.blocks).toEqual([
      {
        name: 'body',
        title: 'body',
        locale: 'en',
        from: 'Old words here',
        to: 'New words here',
        changed: true,
      },
      { name: 'code', title: 'code', locale: null, from: 'x1', to: 'x2', changed: true },
    ]);
    expect(diff.fields).toEqual(['status']);
  });

  it('reads an absent live text as empty and leaves out fields the change does not touch', () => {
    const diff = reviewDiff(
      { page: { name: 'عن', body: 'same' }, fields: ['name'], locale: 'nb' },
      live,
    );
    expect(diff.blocks).toEqual([
      { name: 'name', title: 'name', locale: 'nb', from: '', to: 'عن', changed: true },
    ]);
    expect(diff.fields).toEqual([]);
  });

  it('titles blocks as the templates do, in the interface language, a block they lack by its name', () => {
    const titles: Record<string, string> = { body: 'Brødtekst', name: 'Navn' };
    const diff = reviewDiff(
      { page: { name: 'Om', body: 'Nye ord', code: 'x2' }, fields: [], locale: 'nb' },
      live,
      (name) => titles[name] ?? null,
    );
    expect(diff.blocks.map((block) => block.title)).toEqual(['Navn', 'Brødtekst', 'code']);
  });
});

describe('reviewDiffInLocales', () => {
  it('compares each locale’s blocks, naming the other fields of another locale with it', () => {
    const diff = reviewDiffInLocales(
      {
        page: { body: 'New words here', status: 2 },
        fields: ['body', 'status'],
        locale: 'en',
        by_locale: {
          en: { fields: ['body', 'status'], page: { body: 'New words here', status: 2 } },
          ar: { fields: ['name', 'path_segment'], page: { name: 'عن', path_segment: 'an' } },
        },
      },
      live,
    );
    expect(diff.blocks.map((block) => [block.name, block.locale, block.from, block.to])).toEqual([
      ['body', 'en', 'Old words here', 'New words here'],
      ['name', 'ar', 'حول', 'عن'],
    ]);
    expect(diff.fields).toEqual(['status', 'path_segment (ar)']);
  });

  it('is the one-locale comparison for a change without other locales', () => {
    const change = { page: { body: 'New' }, fields: ['body'], locale: 'en' };
    expect(reviewDiffInLocales(change, live)).toEqual(reviewDiff(change, live));
  });
});
