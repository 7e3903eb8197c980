import { describe, expect, it } from 'vitest';
import {
  MAX_TAGS,
  addProblem,
  addTag,
  canAddTag,
  findTag,
  serializeTags,
  toggleTag,
  uniqueTags,
} from './tags';
import type { TagState } from './tags';

const state = (known: string[], enabled: string[] = []): TagState => ({ known, enabled });

describe('tag matching', () => {
  it.each([
    [['Events', 'Library'], 'events', 'Events'],
    [['Events', 'Library'], 'LIBRARY', 'Library'],
    [['Blåbær'], 'BLÅBÆR', 'Blåbær'],
    [['Events'], '  events  ', 'Events'],
    [['Events'], 'Event', undefined],
  ])('in %j, %j finds %j', (list, name, expected) => {
    expect(findTag(list, name)).toBe(expected);
  });
});

describe('adding a tag', () => {
  it.each([
    [
      'a new tag is added and enabled',
      state(['Events']),
      'Music',
      state(['Events', 'Music'], ['Music']),
    ],
    [
      'an existing tag in another case reuses its spelling',
      state(['Opening hours']),
      'opening HOURS',
      state(['Opening hours'], ['Opening hours']),
    ],
    [
      'an enabled tag is not added twice',
      state(['Events'], ['Events']),
      'EVENTS',
      state(['Events'], ['Events']),
    ],
    ['spaces are collapsed', state([]), '  Jazz   club ', state(['Jazz club'], ['Jazz club'])],
    ['an empty input changes nothing', state(['Events']), '   ', state(['Events'])],
  ])('%s', (_, before, input, after) => {
    expect(addTag(before, input)).toEqual(after);
  });
});

describe('duplicates', () => {
  it.each([
    [
      ['a', 'A', 'b', 'a '],
      ['a', 'b'],
    ],
    [['News', 'news', 'NEWS'], ['News']],
    [['', ' ', 'x'], ['x']],
  ])('%j becomes %j', (names, expected) => {
    expect(uniqueTags(names)).toEqual(expected);
  });

  it('serializes the enabled tags as a JSON list without duplicates', () => {
    expect(serializeTags(['Events', 'events', 'Library'])).toBe('["Events","Library"]');
    expect(serializeTags([])).toBe('[]');
  });
});

describe('Add button and suggestions', () => {
  it.each([
    ['', false],
    ['   ', false],
    ['a', true],
    [' Events ', true],
  ])('input %j allows adding: %s', (input, expected) => {
    expect(canAddTag(input)).toBe(expected);
  });

  it.each([
    ['switches a suggestion on', state(['A', 'B']), 'B', ['B']],
    ['switches an enabled tag off, ignoring case', state(['A', 'B'], ['A', 'B']), 'a', ['B']],
  ])('toggling %s', (_, before, name, enabled) => {
    expect(toggleTag(before, name).enabled).toEqual(enabled);
  });
});

describe('the limits (DESIGN §3: at most 100 tags a page, each at most 100 characters)', () => {
  const hundred = Array.from({ length: MAX_TAGS }, (_, index) => `Tag ${index}`);
  it.each([
    ['an empty input', state([]), '   ', 'empty'],
    ['a tag of 100 characters', state([]), 'x'.repeat(100), null],
    ['a tag of 101 characters', state([]), 'x'.repeat(101), 'tooLong'],
    ['spaces collapse before counting', state([]), `${'x'.repeat(50)}    ${'y'.repeat(49)}`, null],
    ['letters count, not UTF-16 units', state([]), '😀'.repeat(100), null],
    ['a 101st tag', state(hundred, hundred), 'One more', 'tooMany'],
    ['one the page has already, at 100', state(hundred, hundred), 'tag 7', null],
    ['a 100th tag', state(hundred, hundred.slice(1)), 'One more', null],
  ] as const)('%s: %s', (_, value, input, expected) => {
    expect(addProblem(value, input)).toBe(expected);
  });

  it('turns no 101st tag on', () => {
    const value = state([...hundred, 'Spare'], hundred);
    expect(toggleTag(value, 'Spare')).toBe(value);
    expect(toggleTag(value, 'Tag 3').enabled).toHaveLength(MAX_TAGS - 1);
    expect(addTag(value, 'Brand new')).toBe(value);
  });
});
