import { describe, expect, it } from 'vitest';
import { libraryAddress, libraryQuery, rangeLabel } from './model';

describe('the library’s address', () => {
  it('leaves the defaults out', () => {
    expect(libraryQuery({ q: '', missing_alt: null, page: 1 })).toBe('');
    expect(libraryAddress({ q: '  ', missing_alt: null, page: 1 }, 'en')).toBe(
      '/admin/images?locale=en',
    );
  });

  it('carries the search, the missing locale and the page', () => {
    expect(libraryQuery({ q: 'blå bær', missing_alt: 'ar', page: 3 })).toBe(
      '?q=bl%C3%A5+b%C3%A6r&missing_alt=ar&page=3',
    );
  });
});

describe('paging', () => {
  it('says which images show', () => {
    expect(rangeLabel(2, 48, 120, 48)).toBe('49–96 of 120');
    expect(rangeLabel(1, 48, 0, 0)).toBe('');
  });
});
