import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { compareTexts } from './wordDiff';
import { DiffText } from './DiffText';

const sides = (from: string, to: string) => {
  const [row] = compareTexts(from, to);
  if (!row) throw new Error('no row');
  return row;
};

describe('DiffText', () => {
  it('outlines a change of signs alone (`*` → `**`) so it can be seen', () => {
    const row = sides('a *b* c', 'a **b** c');
    const { container } = render(<DiffText segments={row.to} />);
    const added = [...container.querySelectorAll('ins')];
    expect(added.map((ins) => ins.textContent?.replace(/^Added: /, ''))).toEqual(['**', '**']);
    expect(added.every((ins) => ins.classList.contains('diff__sign'))).toBe(true);
  });

  it('marks a changed word as a change, without the outline of a sign', () => {
    const row = sides('The quick brown fox', 'The quick red fox');
    const { container } = render(<DiffText segments={row.from} />);
    const removed = container.querySelector('del');
    expect(removed?.textContent).toContain('brown');
    expect(removed?.classList.contains('diff__sign')).toBe(false);
  });
});
