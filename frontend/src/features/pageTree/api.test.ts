import { describe, expect, it } from 'vitest';
import type { TreePageOut } from '../../api/types';
import { toTreePage } from './api';
import { treePage } from './test/fixtures';

function out(blocks: unknown): TreePageOut {
  return { ...treePage(7, null, 1), blocks } as TreePageOut;
}

describe('toTreePage', () => {
  it.each([
    ['a clean map', { name: { en: 'Home', nb: 'Hjem' } }, { en: 'Home', nb: 'Hjem' }],
    ['a map with a non-text value', { name: { en: 'Home', nb: null } }, { en: 'Home' }],
    ['one text for the current locale', { name: 'Home' }, { en: 'Home' }],
    ['no name at all', { name: null }, {}],
  ])('reads %s', (_, blocks, names) => {
    expect(toTreePage(out(blocks), 'en').blocks.name).toEqual(names);
  });

  it('keeps the fields the tree uses', () => {
    expect(toTreePage(out({ name: { en: 'Home' } }), 'en')).toEqual(
      treePage(7, null, 1, { blocks: { name: { en: 'Home' } } }),
    );
  });
});
