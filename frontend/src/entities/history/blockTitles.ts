// Blocks by their templates' titles (in the interface language, as the screens' data give
// them), for the activity and the log: block names are one vocabulary across templates.
import type { Template } from '../../api/types';

/** Return a look-up of a block's title by its name (null for a block no template has). */
export function blockTitles(templates: readonly Template[]): (name: string) => string | null {
  const titles = new Map<string, string>();
  for (const template of templates) {
    for (const block of [...template.blocks, ...template.metadata_blocks]) {
      if (!titles.has(block.name)) titles.set(block.name, block.title);
    }
  }
  return (name) => titles.get(name) ?? null;
}
