// Copying from another locale (issue 22): into the current locale's form only, into empty
// blocks unless the editor picks others, never a block shared by every locale (it has one
// value, which a copy would change for all of them). Pure: the form keeps the result, so
// leaving without saving undoes it and a save makes one revision.
import type { Block } from '../../api/types';

type Blocks = Readonly<Record<string, string>>;

/** A block a copy could fill, as the copy dialog lists it. */
export interface CopyCandidate {
  block: Block;
  /** The block holds text in the current locale (a copy would replace it). */
  hasText: boolean;
  /** The source locale has text for it (else there is nothing to copy). */
  hasSource: boolean;
}

const isBlank = (value: string | undefined) => !value || value.trim() === '';

/** The localized blocks of a template a copy may touch; shared ones are never among them. */
export function copyCandidates(
  blocks: readonly Block[],
  current: Blocks,
  source: Blocks,
): CopyCandidate[] {
  return blocks
    .filter((block) => block.localized)
    .map((block) => ({
      block,
      hasText: !isBlank(current[block.name]),
      hasSource: !isBlank(source[block.name]),
    }));
}

/** What the copy dialog ticks first: the empty blocks the source has text for. */
export function initialPicks(candidates: readonly CopyCandidate[]): Set<string> {
  return new Set(
    candidates.filter((item) => item.hasSource && !item.hasText).map((item) => item.block.name),
  );
}

/**
 * The current locale's blocks with the source's text copied in: a localized block with source
 * text, when it is empty or picked. `picked` null: only the empty ones. Returns the blocks
 * and the names copied.
 */
export function copyBlocks(
  blocks: readonly Block[],
  current: Blocks,
  source: Blocks,
  picked: ReadonlySet<string> | null = null,
): { blocks: Record<string, string>; copied: string[] } {
  const next: Record<string, string> = { ...current };
  const copied: string[] = [];
  for (const item of copyCandidates(blocks, current, source)) {
    const name = item.block.name;
    if (!item.hasSource) continue;
    const wanted = picked ? picked.has(name) : !item.hasText;
    if (!wanted) continue;
    next[name] = source[name] ?? '';
    copied.push(name);
  }
  return { blocks: next, copied };
}

/** A page's block values in one locale (a shared block's single value as it is). */
export function blocksInLocale(
  pageBlocks: Readonly<Record<string, unknown>>,
  locale: string,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(pageBlocks)) {
    if (typeof value === 'string') values[name] = value;
    else if (typeof value === 'object' && value !== null) {
      const text: unknown = (value as Record<string, unknown>)[locale];
      if (typeof text === 'string') values[name] = text;
    }
  }
  return values;
}
