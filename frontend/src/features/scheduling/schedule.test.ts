import { describe, expect, it } from 'vitest';
import { defaultTime, errorLines, inFuture } from './schedule';

describe('scheduling rules', () => {
  it.each([
    [new Date(2026, 4, 2, 10, 0), new Date(2026, 4, 2, 11, 0)],
    [new Date(2026, 4, 2, 10, 44), new Date(2026, 4, 2, 11, 0)],
    [new Date(2026, 4, 2, 10, 45), new Date(2026, 4, 2, 12, 0)],
    [new Date(2026, 11, 31, 23, 50), new Date(2027, 0, 1, 1, 0)],
  ])('offers first, at %s, the next full hour at least 15 minutes away: %s', (now, offered) => {
    expect(defaultTime(now)).toEqual(offered);
  });

  it('takes only a time in the future', () => {
    const now = new Date(2026, 4, 2, 10, 0);
    expect(inFuture(new Date(2026, 4, 2, 10, 1), now)).toBe(true);
    expect(inFuture(now, now)).toBe(false);
    expect(inFuture(new Date(2026, 4, 2, 9, 59), now)).toBe(false);
  });

  it('words each error with its field’s label, or alone', () => {
    const labelOf = (name: string) => ({ name: 'Name' })[name] ?? '';
    expect(
      errorLines(
        [
          ['name', "can't be blank"],
          ['page', 'changes nothing'],
        ],
        labelOf,
      ),
    ).toEqual(["Name: can't be blank", 'changes nothing']);
  });
});
