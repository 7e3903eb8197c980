// What saving will do to a page whose template the editor switched (spec §3: with dates off the
// saved payload clears them; blocks the template lacks stay under Unconfigured content). Said
// beside the template select before the save, so nothing is lost unawares.
import { t } from '../../i18n';
import type { Template } from '../../api/types';
import { blockDefinition, templateBlockNames } from './model';
import type { Draft } from './types';

interface SwitchInput {
  /** The template the page was saved with, and the one chosen now. */
  from: Template;
  to: Template;
  templates: readonly Template[];
  saved: Pick<Draft, 'starts_at' | 'ends_at' | 'blocks'>;
  draft: Pick<Draft, 'blocks'>;
}

/** Return the notes to show beside the template select: empty when the template is unchanged. */
export function templateSwitchNotes({ from, to, templates, saved, draft }: SwitchInput): string[] {
  if (from.template_name === to.template_name) return [];
  const notes: string[] = [];
  const hadDates = saved.starts_at !== null || saved.ends_at !== null;
  // A template with dates makes none up (the editor sets them): only clearing needs saying.
  if (!to.dates && hadDates) notes.push(t('editor.switch.clearsDates', { template: to.name }));
  const kept = templateBlockNames(to);
  const before = templateBlockNames(from);
  const moved = [...before]
    .filter((name) => !kept.has(name))
    .filter((name) => (draft.blocks[name] ?? saved.blocks[name] ?? '').trim() !== '')
    .map((name) => blockDefinition(templates, name).title);
  if (moved.length > 0) {
    notes.push(
      t('editor.switch.moves', { template: to.name, fields: list(moved), count: moved.length }),
    );
  }
  return notes;
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return t('editor.switch.and', {
    first: items.slice(0, -1).join(', '),
    last: items[items.length - 1] ?? '',
  });
}
