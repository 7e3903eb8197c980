// The word-by-word diff of two Markdown texts (the compare view, a translation's source
// changes), as a pure view model, over the tokens of markdownTokens.ts (marks, links and embed
// codes are tokens of their own).
//
// The diff is Myers' O(ND) over the tokens between a common prefix and suffix, so a few
// changed words in a long block cost little; past MAX_EDITS the two middles count as replaced
// whole rather than spending quadratic memory on texts that share next to nothing.

import { tokenize } from './markdownTokens';
import type { Token, TokenKind } from './markdownTokens';

export type Change = 'equal' | 'delete' | 'insert';

/** A run of tokens of one diff operation: `from` holds the old text's, `to` the new text's. */
export type DiffOp =
  | { op: 'equal'; from: Token[]; to: Token[] }
  | { op: 'delete'; from: Token[] }
  | { op: 'insert'; to: Token[] };

/** A piece of one side of a row: tokens of one kind and one change, joined. */
export interface Segment {
  kind: TokenKind;
  change: Change;
  text: string;
}

/** One line (or paragraph) of the side-by-side view: the old text's and the new text's. */
export interface DiffRow {
  from: Segment[];
  to: Segment[];
  changed: boolean;
}

/** The most edits the diff looks for before it calls the texts' middles replaced whole. */
export const MAX_EDITS = 2000;

const sameToken = (a: Token | undefined, b: Token | undefined) =>
  a !== undefined && b !== undefined && a.kind === b.kind && a.text === b.text;

/** The item at `index`, which the caller knows is there. */
function item<T>(list: readonly T[], index: number): T {
  const value = list[index];
  if (value === undefined) throw new RangeError(`No item at ${index}`);
  return value;
}

/**
 * Return the edit script from `a` to `b` as runs of equal, deleted and inserted tokens
 * (Myers 1986: the shortest one; the common prefix and suffix taken off first). `fold`: small
 * equal runs between changes are folded into them, for reading (see absorbSmallEquals).
 */
export function diffTokens(
  a: readonly Token[],
  b: readonly Token[],
  { fold = true }: { fold?: boolean } = {},
): DiffOp[] {
  let start = 0;
  while (start < a.length && start < b.length && sameToken(a[start], b[start])) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && sameToken(a[endA - 1], b[endB - 1])) {
    endA -= 1;
    endB -= 1;
  }
  const steps: Step[] = [];
  for (let index = 0; index < start; index += 1) steps.push({ op: 'equal', a: index, b: index });
  steps.push(...middle(a, b, start, endA, start, endB));
  for (let offset = 0; offset < a.length - endA; offset += 1) {
    steps.push({ op: 'equal', a: endA + offset, b: endB + offset });
  }
  const ops = runs(steps, a, b);
  return fold ? absorbSmallEquals(ops) : ops;
}

type Step =
  { op: 'equal'; a: number; b: number } | { op: 'delete'; a: number } | { op: 'insert'; b: number };

/** Myers' greedy forward search over a[aFrom..aTo) and b[bFrom..bTo), then its path back. */
function middle(
  a: readonly Token[],
  b: readonly Token[],
  aFrom: number,
  aTo: number,
  bFrom: number,
  bTo: number,
): Step[] {
  const n = aTo - aFrom;
  const m = bTo - bFrom;
  if (n === 0 || m === 0) return replaced(aFrom, aTo, bFrom, bTo);
  const max = Math.min(n + m, MAX_EDITS);
  const offset = max + 1;
  // v[k + offset]: the furthest x on diagonal k (updated in place: rounds alternate parity);
  // trace[d] is v as round d found it, kept to walk the path back.
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max && found < 0; d += 1) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      const left = v[offset + k - 1] ?? 0;
      const right = v[offset + k + 1] ?? 0;
      let x = k === -d || (k !== d && left < right) ? right : left + 1;
      let y = x - k;
      while (x < n && y < m && sameToken(a[aFrom + x], b[bFrom + y])) {
        x += 1;
        y += 1;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  if (found < 0) return replaced(aFrom, aTo, bFrom, bTo);
  // Walk back from (n, m): each d's snapshot (taken before round d) tells the move into it.
  const steps: Step[] = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d -= 1) {
    const snapshot = trace[d] ?? new Int32Array(0);
    const at = (k: number) => snapshot[k + d + 1] ?? 0;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x -= 1;
      y -= 1;
      steps.push({ op: 'equal', a: aFrom + x, b: bFrom + y });
    }
    if (down) {
      y -= 1;
      steps.push({ op: 'insert', b: bFrom + y });
    } else {
      x -= 1;
      steps.push({ op: 'delete', a: aFrom + x });
    }
  }
  while (x > 0 && y > 0) {
    x -= 1;
    y -= 1;
    steps.push({ op: 'equal', a: aFrom + x, b: bFrom + y });
  }
  return steps.reverse();
}

function replaced(aFrom: number, aTo: number, bFrom: number, bTo: number): Step[] {
  const steps: Step[] = [];
  for (let index = aFrom; index < aTo; index += 1) steps.push({ op: 'delete', a: index });
  for (let index = bFrom; index < bTo; index += 1) steps.push({ op: 'insert', b: index });
  return steps;
}

/** Join steps into runs; within a change, deletions come before insertions. */
function runs(steps: readonly Step[], a: readonly Token[], b: readonly Token[]): DiffOp[] {
  const ops: DiffOp[] = [];
  let deleted: Token[] = [];
  let inserted: Token[] = [];
  const flush = () => {
    if (deleted.length) ops.push({ op: 'delete', from: deleted });
    if (inserted.length) ops.push({ op: 'insert', to: inserted });
    deleted = [];
    inserted = [];
  };
  for (const step of steps) {
    if (step.op === 'delete') deleted.push(item(a, step.a));
    else if (step.op === 'insert') inserted.push(item(b, step.b));
    else {
      flush();
      const last = ops[ops.length - 1];
      if (last?.op === 'equal') {
        last.from.push(item(a, step.a));
        last.to.push(item(b, step.b));
      } else ops.push({ op: 'equal', from: [item(a, step.a)], to: [item(b, step.b)] });
    }
  }
  flush();
  return ops;
}

/**
 * Fold an equal run of signs (punctuation, Markdown marks) that is no longer than the changes
 * on both its sides into them: a comma kept between two rewritten phrases reads better as one
 * change than as three (the idea of diff-match-patch's semantic cleanup). A word, a link or an
 * embed code is never folded: an unchanged word shown removed and added again ("hall" around a
 * change, issue 28) reads as a change nobody made. Line breaks are never folded: rows align on them.
 */
function absorbSmallEquals(ops: DiffOp[]): DiffOp[] {
  const size = (tokens: readonly Token[]) =>
    tokens.reduce((sum, token) => sum + token.text.length, 0);
  const changeAround = (index: number, step: 1 | -1): number => {
    let total = 0;
    for (let at = index + step; at >= 0 && at < ops.length; at += step) {
      const op = ops[at];
      if (!op || op.op === 'equal') break;
      total += size(op.op === 'delete' ? op.from : op.to);
    }
    return total;
  };
  let changed = true;
  while (changed) {
    changed = false;
    for (let index = 1; index < ops.length - 1; index += 1) {
      const op = ops[index];
      if (op?.op !== 'equal' || op.from.some((token) => !FOLDABLE.has(token.kind))) continue;
      const length = size(op.from);
      if (length > changeAround(index, -1) || length > changeAround(index, 1)) continue;
      ops.splice(index, 1, { op: 'delete', from: op.from }, { op: 'insert', to: op.to });
      ops.splice(0, ops.length, ...regroup(ops));
      changed = true;
      break;
    }
  }
  return ops;
}

/** The kinds of token an equal run may hold and still be folded into the changes around it. */
const FOLDABLE: ReadonlySet<TokenKind> = new Set(['symbol', 'mark']);

/** Merge neighbouring changes into one deletion and one insertion between equal runs. */
function regroup(ops: readonly DiffOp[]): DiffOp[] {
  const out: DiffOp[] = [];
  let deleted: Token[] = [];
  let inserted: Token[] = [];
  const flush = () => {
    if (deleted.length) out.push({ op: 'delete', from: deleted });
    if (inserted.length) out.push({ op: 'insert', to: inserted });
    deleted = [];
    inserted = [];
  };
  for (const op of ops) {
    if (op.op === 'delete') deleted = [...deleted, ...op.from];
    else if (op.op === 'insert') inserted = [...inserted, ...op.to];
    else {
      flush();
      out.push(op);
    }
  }
  flush();
  return out;
}

/**
 * Lay the diff out as side-by-side rows. A row ends at a line break both texts keep, so the
 * two sides stay aligned line by line, and at a line break only one text has when the row
 * holds nothing of the other (an added or removed paragraph); any other changed line break
 * stays in its row, marked.
 */
export function sideBySide(ops: readonly DiffOp[]): DiffRow[] {
  // Words and symbols join into one segment; marks, links, embeds and breaks stay whole.
  const plain = (kind: TokenKind) => kind === 'word' || kind === 'symbol';
  const rows: DiffRow[] = [];
  let row: DiffRow = { from: [], to: [], changed: false };
  const add = (side: Segment[], token: Token, change: Change) => {
    let last = side[side.length - 1];
    const before = side[side.length - 2];
    // The space between two changes of one run joins them again: one highlight, not two.
    if (
      change !== 'equal' &&
      last?.change === 'equal' &&
      last.text.trim() === '' &&
      before?.change === change &&
      plain(before.kind) &&
      plain(token.kind)
    ) {
      side.pop();
      before.text += last.text;
      last = before;
    }
    let end: Segment;
    if (last && last.change === change && plain(last.kind) && plain(token.kind)) {
      end = last;
      end.text += token.text;
    } else {
      end = { kind: plain(token.kind) ? 'word' : token.kind, change, text: token.text };
      side.push(end);
    }
    if (!token.space) return;
    // A changed token's space is not part of the change: highlights end at the word.
    if (change === 'equal' && plain(end.kind)) end.text += token.space;
    else side.push({ kind: 'word', change: 'equal', text: token.space });
  };
  const endRow = () => {
    rows.push(row);
    row = { from: [], to: [], changed: false };
  };
  for (const op of ops) {
    if (op.op === 'delete' || op.op === 'insert') {
      const removed = op.op === 'delete';
      for (const token of removed ? op.from : op.to) {
        const [side, other] = removed ? [row.from, row.to] : [row.to, row.from];
        // A paragraph only one text has ends its row where it ends: it faces nothing.
        if (token.kind === 'break' && other.length === 0 && side.length > 0) {
          endRow();
          continue;
        }
        row.changed = true;
        add(side, token, op.op);
      }
    } else {
      op.from.forEach((token, index) => {
        const other = item(op.to, index);
        if (token.kind === 'break') {
          endRow();
          return;
        }
        add(row.from, token, 'equal');
        add(row.to, other, 'equal');
      });
    }
  }
  if (row.from.length || row.to.length || rows.length === 0) endRow();
  return rows;
}

/** The side-by-side rows of two Markdown texts. */
export function compareTexts(from: string, to: string): DiffRow[] {
  return sideBySide(diffTokens(tokenize(from), tokenize(to)));
}

/** A run of rows the view shows, or hides behind "Show N unchanged lines". */
export type RowGroup = { kind: 'rows'; rows: DiffRow[] } | { kind: 'hidden'; rows: DiffRow[] };

/**
 * Group rows for the view: unchanged rows further than `context` from a change are folded
 * (a fold of one row is shown instead: it would take the place of its own button).
 */
export function foldUnchanged(rows: readonly DiffRow[], context = 1): RowGroup[] {
  const near = rows.map((_, index) => {
    for (
      let at = Math.max(0, index - context);
      at <= Math.min(rows.length - 1, index + context);
      at += 1
    ) {
      if (rows[at]?.changed) return true;
    }
    return false;
  });
  const groups: RowGroup[] = [];
  let index = 0;
  while (index < rows.length) {
    let end = index;
    while (end < rows.length && near[end] === near[index]) end += 1;
    const slice = rows.slice(index, end);
    const kind = near[index] || slice.length < 2 ? 'rows' : 'hidden';
    const last = groups[groups.length - 1];
    if (kind === 'rows' && last?.kind === 'rows') last.rows.push(...slice);
    else groups.push({ kind, rows: slice });
    index = end;
  }
  return groups;
}
