import { describe, expect, it } from 'vitest';
import { joinTokens, tokenize } from './markdownTokens';
import type { Token } from './markdownTokens';
import { MAX_EDITS, compareTexts, diffTokens, foldUnchanged, sideBySide } from './wordDiff';
import type { DiffOp, DiffRow } from './wordDiff';

const kinds = (text: string) => tokenize(text).map((token) => [token.kind, token.text]);

/** A side of a row as text, changes marked: [-deleted-] and {+inserted+}. */
function sideText(row: DiffRow, side: 'from' | 'to'): string {
  return row[side]
    .map((segment) => {
      if (segment.change === 'delete') return `[-${segment.text}-]`;
      if (segment.change === 'insert') return `{+${segment.text}+}`;
      return segment.text;
    })
    .join('');
}

const show = (rows: DiffRow[]) => rows.map((row) => [sideText(row, 'from'), sideText(row, 'to')]);

/** The length of the longest common subsequence, by dynamic programming (the reference). */
function lcsLength(a: readonly Token[], b: readonly Token[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const tokenA of a) {
    const row = [0];
    b.forEach((tokenB, j) => {
      const same = tokenA.kind === tokenB.kind && tokenA.text === tokenB.text;
      row.push(same ? (previous[j] ?? 0) + 1 : Math.max(previous[j + 1] ?? 0, row[j] ?? 0));
    });
    previous = row;
  }
  return previous[b.length] ?? 0;
}

/** One text's tokens as the diff gives them back. */
const sideOf = (ops: DiffOp[], side: 'from' | 'to') =>
  ops.flatMap((op) => {
    if (op.op === 'equal') return op[side];
    if (op.op === 'delete') return side === 'from' ? op.from : [];
    return side === 'to' ? op.to : [];
  });

/** How many tokens the diff keeps. */
const kept = (ops: DiffOp[]) =>
  ops.reduce((sum, op) => sum + (op.op === 'equal' ? op.from.length : 0), 0);

describe('tokenize', () => {
  it('gives the text back exactly when its tokens are joined', () => {
    const texts = [
      '',
      '   indented start',
      '# Title\n\nSome **bold** and _emphasis_, a [link](https://example.com "Title").\n',
      '- one\n- two\n  1. nested\n\n> quoted [image:12] and [attachment:3]\r\nnext',
      'مرحبا **بالعالم** [رابط](https://example.com/ar)',
      'Family 👨‍👩‍👧 flag 🇳🇴 thumbs 👍🏽 and 𝒳 (a surrogate pair) é',
    ];
    for (const text of texts) {
      expect(joinTokens(tokenize(text))).toBe(text.replace(/\r\n?/g, '\n'));
    }
  });

  it('keeps formatting marks, links and embed codes as tokens of their own', () => {
    expect(kinds('Some **bold** _words_')).toEqual([
      ['word', 'Some'],
      ['mark', '**'],
      ['word', 'bold'],
      ['mark', '**'],
      ['mark', '_'],
      ['word', 'words'],
      ['mark', '_'],
    ]);
    expect(kinds('See [our team](/en/team) or <https://example.com>.')).toEqual([
      ['word', 'See'],
      ['link', '[our team](/en/team)'],
      ['word', 'or'],
      ['link', '<https://example.com>'],
      ['symbol', '.'],
    ]);
    expect(kinds('[image:12][attachment:7] [image:x]')).toEqual([
      ['embed', '[image:12]'],
      ['embed', '[attachment:7]'],
      ['symbol', '['],
      ['word', 'image'],
      ['symbol', ':'],
      ['word', 'x'],
      ['symbol', ']'],
    ]);
  });

  it('reads headings, lists, quotes and rules only at the start of a line', () => {
    expect(kinds('## Heading\n- item\n* star\n10. tenth\n> > deep\n---\na - b # c')).toEqual([
      ['mark', '##'],
      ['word', 'Heading'],
      ['break', '\n'],
      ['mark', '-'],
      ['word', 'item'],
      ['break', '\n'],
      ['mark', '*'],
      ['word', 'star'],
      ['break', '\n'],
      ['mark', '10.'],
      ['word', 'tenth'],
      ['break', '\n'],
      ['mark', '>'],
      ['mark', '>'],
      ['word', 'deep'],
      ['break', '\n'],
      ['mark', '---'],
      ['break', '\n'],
      ['word', 'a'],
      ['symbol', '-'],
      ['word', 'b'],
      ['symbol', '#'],
      ['word', 'c'],
    ]);
  });

  it('keeps words whole: apostrophes, inner underscores, Arabic vowel marks', () => {
    expect(kinds("don't snake_case")).toEqual([
      ['word', "don't"],
      ['word', 'snake_case'],
    ]);
    expect(kinds('مَرْحَبًا بِكُمْ')).toEqual([
      ['word', 'مَرْحَبًا'],
      ['word', 'بِكُمْ'],
    ]);
  });

  it('never splits a surrogate pair or an emoji sequence', () => {
    const tokens = tokenize('a👨‍👩‍👧b 🇳🇴 👍🏽 𝒳');
    expect(tokens.map((token) => token.text)).toEqual(['a', '👨‍👩‍👧', 'b', '🇳🇴', '👍🏽', '𝒳']);
    // No half of a surrogate pair is left alone in any token.
    for (const token of tokens) expect(token.text).not.toMatch(/\p{Cs}/u);
  });

  it('counts each ideograph as a word', () => {
    expect(tokenize('日本語').map((token) => token.text)).toEqual(['日', '本', '語']);
  });
});

describe('diffTokens', () => {
  it('finds a shortest edit script (as long as the reference LCS says)', () => {
    // A seeded generator: the same cases on every run.
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const words = ['a', 'b', 'c', '**', '\n', 'd'];
    const text = () =>
      Array.from({ length: Math.floor(random() * 20) }, () => words[Math.floor(random() * 6)])
        .join(' ')
        .replace(/ \n /g, '\n');
    for (let run = 0; run < 1000; run += 1) {
      const a = tokenize(text());
      const b = tokenize(text());
      const exact = diffTokens(a, b, { fold: false });
      expect(sideOf(exact, 'from')).toEqual(a);
      expect(sideOf(exact, 'to')).toEqual(b);
      expect(kept(exact)).toBe(lcsLength(a, b));
      // Folding small equal runs (for reading) keeps both texts and never claims more.
      const folded = diffTokens(a, b);
      expect(sideOf(folded, 'from')).toEqual(a);
      expect(sideOf(folded, 'to')).toEqual(b);
      expect(kept(folded)).toBeLessThanOrEqual(kept(exact));
    }
  });

  it('keeps the longest common subsequence when nothing is folded', () => {
    const a = tokenize('one two three four five six seven');
    const b = tokenize('one two THREE four five six seven eight');
    expect(kept(diffTokens(a, b))).toBe(lcsLength(a, b));
  });

  it('calls texts with nothing in common beyond MAX_EDITS replaced whole', () => {
    const a = tokenize('x '.repeat(MAX_EDITS + 10));
    const b = tokenize('y '.repeat(MAX_EDITS + 10));
    const ops = diffTokens(a, b);
    expect(ops.map((op) => op.op)).toEqual(['delete', 'insert']);
  });
});

describe('compareTexts', () => {
  it('never shows an unchanged word removed and added again around a change (issue 28)', () => {
    expect(
      show(compareTexts('Events in the main hall.', 'Events in the sports hall, daily.')),
    ).toEqual([['Events in the [-main-] hall.', 'Events in the {+sports+} hall{+, daily+}.']]);
    expect(
      show(compareTexts('Meet in the town hall at noon', 'Meet in the big hall at eight')),
    ).toEqual([['Meet in the [-town-] hall at [-noon-]', 'Meet in the {+big+} hall at {+eight+}']]);
    expect(show(compareTexts('the hall *x*', 'the hall **x**'))).toEqual([
      ['the hall [-*-]x[-*-]', 'the hall {+**+}x{+**+}'],
    ]);
  });

  it('still folds a sign kept between two rewritten phrases', () => {
    expect(show(compareTexts('alpha beta, gamma delta', 'one two; three four'))).toEqual([
      ['[-alpha beta, gamma delta-]', '{+one two; three four+}'],
    ]);
  });

  it('marks the one word that changed', () => {
    expect(show(compareTexts('The quick brown fox', 'The quick red fox'))).toEqual([
      ['The quick [-brown-] fox', 'The quick {+red+} fox'],
    ]);
  });

  it('shows added formatting as a change, not as the same text', () => {
    expect(show(compareTexts('a bold word', 'a **bold** word'))).toEqual([
      ['a bold word', 'a {+**+}bold{+**+} word'],
    ]);
    const rows = compareTexts('# Title', '## Title');
    expect(rows[0]?.from).toEqual([
      { kind: 'mark', change: 'delete', text: '#' },
      { kind: 'word', change: 'equal', text: ' Title' },
    ]);
  });

  it('shows a link whose address changed, and a changed embed code, as changes', () => {
    expect(show(compareTexts('See [us](/a) now', 'See [us](/b) now'))).toEqual([
      ['See [-[us](/a)-] now', 'See {+[us](/b)+} now'],
    ]);
    const rows = compareTexts('Photo: [image:1]', 'Photo: [image:2]');
    expect(rows[0]?.to).toContainEqual({ kind: 'embed', change: 'insert', text: '[image:2]' });
  });

  it('aligns rows on the line breaks both texts keep', () => {
    const rows = compareTexts('First.\n\nSecond one.\n\nThird.', 'First.\n\nSecond two.\n\nThird.');
    expect(show(rows)).toEqual([
      ['First.', 'First.'],
      ['Second [-one-].', 'Second {+two+}.'],
      ['Third.', 'Third.'],
    ]);
    expect(rows.map((row) => row.changed)).toEqual([false, true, false]);
  });

  it('gives a paragraph only one text has a row of its own', () => {
    expect(show(compareTexts('First.\n\nLast.', 'First.\n\nNew one.\n\nLast.'))).toEqual([
      ['First.', 'First.'],
      ['', '{+New one.+}'],
      ['Last.', 'Last.'],
    ]);
    expect(show(compareTexts('', 'One.\n\nTwo.'))).toEqual([
      ['', '{+One.+}'],
      ['', '{+Two.+}'],
    ]);
    expect(show(compareTexts('Gone.\nKept.', 'Kept.'))).toEqual([
      ['[-Gone.-]', ''],
      ['Kept.', 'Kept.'],
    ]);
  });

  it('answers one empty row for two empty texts, and no change for identical ones', () => {
    expect(compareTexts('', '')).toEqual([{ from: [], to: [], changed: false }]);
    const rows = compareTexts('Same\ntext', 'Same\ntext');
    expect(rows.every((row) => !row.changed)).toBe(true);
    expect(show(rows)).toEqual([
      ['Same', 'Same'],
      ['text', 'text'],
    ]);
  });

  it('shows a text added from nothing, or taken away, on one side only', () => {
    expect(show(compareTexts('', 'New text'))).toEqual([['', '{+New text+}']]);
    expect(show(compareTexts('Old text', ''))).toEqual([['[-Old text-]', '']]);
  });

  it("keeps a rewritten sentence's changed words together, a word both keep shown as kept", () => {
    // Not word confetti (the changed words join in one highlight), and not "the" shown removed
    // and added again: a word nobody changed is never marked (issue 28).
    expect(show(compareTexts('we go to the sea', 'they ran past the hills'))).toEqual([
      ['[-we go to-] the [-sea-]', '{+they ran past+} the {+hills+}'],
    ]);
  });

  it('diffs right-to-left text by its words', () => {
    expect(show(compareTexts('مرحبا بالعالم الجميل', 'مرحبا بالعالم الكبير'))).toEqual([
      ['مرحبا بالعالم [-الجميل-]', 'مرحبا بالعالم {+الكبير+}'],
    ]);
  });

  it('diffs emoji whole', () => {
    expect(show(compareTexts('I 👍🏽 it', 'I 👎🏽 it'))).toEqual([['I [-👍🏽-] it', 'I {+👎🏽+} it']]);
  });

  it('diffs a 2 KB block pair in a few milliseconds', () => {
    const paragraph = (seed: number) =>
      Array.from({ length: 40 }, (_, index) => `word${(index * seed) % 97} **b** [l](/p${index})`)
        .join(' ')
        .slice(0, 500);
    const from = [1, 2, 3, 4].map(paragraph).join('\n\n');
    const to = from.replace(/word1\b/g, 'changed').replace('word5', 'other');
    expect(from.length).toBeGreaterThan(1900);
    compareTexts(from, to); // warm up the JIT and the regular expressions
    // The fastest of several runs: a busy machine (CI runs test files in parallel) slows some.
    const fastest = (action: () => unknown) =>
      Math.min(
        ...Array.from({ length: 5 }, () => {
          const started = performance.now();
          action();
          return performance.now() - started;
        }),
      );
    expect(fastest(() => compareTexts(from, to))).toBeLessThan(5);
    // Every token different: the worst case stays well within a frame.
    const other = from.replace(/\w/g, 'z');
    expect(fastest(() => compareTexts(from, other))).toBeLessThan(50);
  });
});

describe('sideBySide', () => {
  it('puts a changed line break inside its row', () => {
    const rows = sideBySide(diffTokens(tokenize('one two'), tokenize('one\ntwo')));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.to).toContainEqual({ kind: 'break', change: 'insert', text: '\n' });
  });
});

describe('foldUnchanged', () => {
  const row = (changed: boolean): DiffRow => ({ from: [], to: [], changed });

  it('folds unchanged rows away from changes, keeping one row of context', () => {
    const rows = [false, false, false, true, false, false, false, false].map(row);
    const groups = foldUnchanged(rows);
    expect(groups.map((group) => [group.kind, group.rows.length])).toEqual([
      ['hidden', 2],
      ['rows', 3],
      ['hidden', 3],
    ]);
  });

  it('shows a single far row rather than a button in its place', () => {
    const groups = foldUnchanged([false, false, true].map(row));
    expect(groups.map((group) => [group.kind, group.rows.length])).toEqual([['rows', 3]]);
  });
});
