import { describe, expect, it } from 'vitest';
import {
  attachmentsEmbedCode,
  boxSide,
  droppedOptions,
  imageEmbedCode,
  keptClasses,
  keptLink,
  MAX_IDS,
  NO_OPTIONS,
} from './embedOptions';

const options = (changes: Partial<typeof NO_OPTIONS>) => ({ ...NO_OPTIONS, ...changes });

describe('imageEmbedCode', () => {
  it.each([
    [NO_OPTIONS, '[image:7]'],
    [options({ width: '400', height: '300' }), '[image:7 size="400x300"]'],
    [options({ width: '400' }), '[image:7 size="400x"]'],
    [options({ height: '300' }), '[image:7 size="x300"]'],
    [options({ width: '99999999', height: '0' }), '[image:7 size="4000x"]'],
    [options({ width: '-5', height: '1e3' }), '[image:7]'],
    [options({ width: '٤٠٠' }), '[image:7]'],
    [options({ cssClass: 'wide  framed wide' }), '[image:7 class="wide framed"]'],
    [options({ cssClass: 'a_b "x" <b> ok' }), '[image:7 class="ok"]'],
    [options({ link: '/en/about' }), '[image:7 link="/en/about"]'],
    [options({ link: 'javascript:alert(1)' }), '[image:7]'],
    [
      options({ width: '200', height: '100', cssClass: 'wide', link: 'https://example.org/a?b=1' }),
      '[image:7 size="200x100" class="wide" link="https://example.org/a?b=1"]',
    ],
  ])('%j makes %s', (given, code) => {
    expect(imageEmbedCode(7, given)).toBe(code);
  });
});

describe('the rules the server keeps', () => {
  it.each([
    ['400', '400'],
    [' 400 ', '400'],
    ['0', ''],
    ['', ''],
    ['4001', '4000'],
    ['12px', ''],
    ['１２', ''],
  ])('box side %j is %j', (value, side) => expect(boxSide(value)).toBe(side));

  it('keeps classes of letters, digits and dashes, at most eight', () => {
    expect(keptClasses('a-1 B é x.y')).toEqual(['a-1', 'B']);
    expect(keptClasses(Array.from({ length: 12 }, (_, i) => `c${i}`).join(' '))).toHaveLength(8);
  });

  it.each([
    ['https://example.org', true],
    ['HTTP://EXAMPLE.ORG/x', true],
    ['mailto:press@example.org', true],
    ['/nb/om', true],
    ['/', true],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['javascript:alert(1)', false],
    [' JavaScript:alert(1)', false],
    ['java\tscript:alert(1)', false],
    ['data:text/html,x', false],
    ['https://', false],
    ['https:evil.example', false],
    ['about', false],
    ['#top', false],
    ['https://e.org/"><script>', false],
    ['https://e.org/a b', false],
    ['/a\u0000', false],
    ['tel:+4712345678', false],
    [`/${'a'.repeat(2000)}`, false],
  ])('link %j kept: %s', (link, kept) => {
    expect(keptLink(link) !== '').toBe(kept);
  });

  it('names the options it leaves out', () => {
    expect(
      droppedOptions(options({ width: 'x', cssClass: 'ok a_b', link: 'javascript:x' })),
    ).toEqual(['width', 'cssClass', 'link']);
    expect(droppedOptions(options({ width: '10', cssClass: 'ok', link: '/x' }))).toEqual([]);
  });
});

describe('attachmentsEmbedCode', () => {
  it('lists several files once each, in order', () => {
    expect(attachmentsEmbedCode([3, 1, 2, 1])).toBe('[attachment:3,1,2]');
    expect(attachmentsEmbedCode([4])).toBe('[attachment:4]');
  });

  it('keeps no more ids than the server reads', () => {
    const ids = Array.from({ length: 80 }, (_, i) => i + 1);
    expect(attachmentsEmbedCode(ids).split(',')).toHaveLength(MAX_IDS);
    expect(attachmentsEmbedCode([0, -1, 1.5, Number.NaN, 2])).toBe('[attachment:2]');
  });
});
