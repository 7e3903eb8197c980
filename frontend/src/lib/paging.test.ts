import { describe, expect, it } from 'vitest';
import { pageCount } from './paging';

describe('pageCount', () => {
  it.each([
    [0, 48, 1],
    [48, 48, 1],
    [49, 48, 2],
    [10_000, 48, 209],
  ])('%i results at %i a page fill %i pages', (total, perPage, pages) => {
    expect(pageCount(total, perPage)).toBe(pages);
  });
});
