import { describe, expect, it } from 'vitest';
import type { Block } from '../../api/types';
import { blocksInLocale, copyBlocks, copyCandidates, initialPicks } from './copy';

const block = (name: string, localized = true): Block => ({
  name,
  title: name,
  description: '',
  type: 'text',
  options: [],
  size: 'other',
  class: '',
  placeholder: '',
  localized,
});

const blocks = [block('name'), block('intro'), block('body'), block('layout', false)];
const source = { name: 'Team', intro: 'Who we are', body: 'Hello', layout: 'wide' };

describe('copying from a locale', () => {
  it('fills only the empty blocks unless some are picked', () => {
    const current = { name: 'Laget', intro: '  ', body: '', layout: 'narrow' };
    const { blocks: next, copied } = copyBlocks(blocks, current, source);
    expect(copied).toEqual(['intro', 'body']);
    expect(next).toEqual({ name: 'Laget', intro: 'Who we are', body: 'Hello', layout: 'narrow' });
  });

  it('replaces a block with text only when it is picked, and leaves the others', () => {
    const current = { name: 'Laget', intro: 'Hvem vi er', body: '' };
    const { blocks: next, copied } = copyBlocks(blocks, current, source, new Set(['intro']));
    expect(copied).toEqual(['intro']);
    expect(next).toEqual({ name: 'Laget', intro: 'Who we are', body: '' });
  });

  it('never touches a block shared by every locale, even when picked', () => {
    const current = { layout: 'narrow' };
    const picked = new Set(['layout', 'name']);
    const { blocks: next, copied } = copyBlocks(blocks, current, source, picked);
    expect(copied).toEqual(['name']);
    expect(next.layout).toBe('narrow');
    expect(copyCandidates(blocks, current, source).map((item) => item.block.name)).not.toContain(
      'layout',
    );
  });

  it('copies nothing from an empty source block, picked or not', () => {
    const { copied } = copyBlocks(blocks, { body: 'Hei' }, { body: ' ' }, new Set(['body']));
    expect(copied).toEqual([]);
  });

  it('ticks first the empty blocks the source has text for', () => {
    const candidates = copyCandidates(
      blocks,
      { name: 'Laget', intro: '' },
      { ...source, body: '' },
    );
    expect([...initialPicks(candidates)]).toEqual(['intro']);
  });

  it('reads a page’s blocks in one locale, a shared block as it is', () => {
    const page = { name: { en: 'Team', nb: 'Laget' }, body: { en: 'Hello' }, layout: 'wide' };
    expect(blocksInLocale(page, 'nb')).toEqual({ name: 'Laget', layout: 'wide' });
  });
});
