import { describe, expect, it } from 'vitest';
import { ACTIONS } from './model';
import type { UngroupedAction } from './model';

// A type check: an action the server's log records (the generated filter type) and no group
// lists makes this `false`, and `true` then fails to compile.
const everyActionGrouped: [UngroupedAction] extends [never] ? true : false = true;

describe('the log filter’s actions', () => {
  it('lists each action the log records once, review and account ones too', () => {
    expect(everyActionGrouped).toBe(true);
    expect(new Set(ACTIONS).size).toBe(ACTIONS.length);
    expect(ACTIONS).toEqual(
      expect.arrayContaining(['review_submitted', 'review_comment', 'sign_in', 'two_factor_off']),
    );
  });
});
