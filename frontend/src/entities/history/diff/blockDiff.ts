// Two versions' blocks, grouped per block and locale with their side-by-side rows: what the
// compare view and the translation tools' "what changed in the source" show (BlockDiffView).
import type { ComparedBlockOut } from '../../../api/types';
import { compareTexts } from './wordDiff';
import type { DiffRow } from './wordDiff';

/** One locale's texts of a block (locale null: the block every locale shares). */
export interface LocaleDiff {
  locale: string | null;
  changed: boolean;
  rows: DiffRow[];
  /** A side without any text (the block was empty then): said in words, not left blank. */
  fromEmpty: boolean;
  toEmpty: boolean;
}

/** A block with its locales, in the order the call gave them (the template's). */
export interface BlockDiff {
  name: string;
  title: string;
  locales: LocaleDiff[];
}

/** Group the call's blocks by block, each locale's texts diffed word by word. */
export function groupBlocks(blocks: readonly ComparedBlockOut[]): BlockDiff[] {
  const groups = new Map<string, BlockDiff>();
  for (const block of blocks) {
    let group = groups.get(block.name);
    if (!group) {
      group = { name: block.name, title: block.title, locales: [] };
      groups.set(block.name, group);
    }
    group.locales.push({
      locale: block.locale,
      changed: block.changed,
      rows: compareTexts(block.from, block.to),
      fromEmpty: block.from.trim() === '',
      toEmpty: block.to.trim() === '',
    });
  }
  return [...groups.values()];
}
