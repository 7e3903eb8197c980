import { describe, expect, it } from 'vitest';
import { snippetParts } from './contentSearch';

const marked = (snippet: string, highlights: number[][]) =>
  snippetParts(snippet, highlights)
    .map((part) => (part.marked ? `[${part.text}]` : part.text))
    .join('');

describe('marking a snippet’s highlights', () => {
  it('marks the ranges given', () => {
    expect(
      marked('Om oss og laget', [
        [0, 2],
        [10, 15],
      ]),
    ).toBe('[Om] oss og [laget]');
  });

  it('counts code points, so a letter beyond the BMP counts once', () => {
    // 𝒜 and 😀 are two UTF-16 units each; the server counts them as one.
    expect(
      marked('𝒜 café 😀 søk', [
        [2, 6],
        [9, 12],
      ]),
    ).toBe('𝒜 [café] 😀 [søk]');
  });

  it('never splits a surrogate pair', () => {
    const parts = snippetParts('😀😀😀', [[1, 2]]);
    expect(parts).toEqual([
      { text: '😀', marked: false },
      { text: '😀', marked: true },
      { text: '😀', marked: false },
    ]);
  });

  it('clips ranges beyond the text, drops empty or reversed ones, joins overlapping ones', () => {
    expect(
      marked('abcdef', [
        [4, 99],
        [3, 1],
        [2, 2],
        [-5, 1],
        [0, 2],
        [1, 3],
      ]),
    ).toBe('[abc]d[ef]');
  });

  it('keeps markup as text', () => {
    const parts = snippetParts('<b>x</b>', [[3, 4]]);
    expect(parts.map((part) => part.text).join('')).toBe('<b>x</b>');
  });

  it('marks Arabic text by code points too', () => {
    expect(marked('مرحبا بالعالم', [[6, 13]])).toBe('مرحبا [بالعالم]');
  });
});
