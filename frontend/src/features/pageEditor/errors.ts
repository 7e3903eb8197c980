// Save outcomes and their messages (spec §8), and server errors mapped to fields (spec §5).
import { t } from '../../i18n';
import type { Draft, FieldErrors } from './types';

// Read in the language the screen was served in (i18n knows it as modules load).
export const SAVED_MESSAGE = t('editor.saved');
export const VALIDATION_MESSAGE = t('editor.validation');
// Spelling as in the specification's error catalogue.
export const SAVE_FAILED_MESSAGE = t('editor.saveFailed');
export const LOAD_FAILED_MESSAGE = t('editor.loadFailed');
export const UNSAVED_CHANGES_MESSAGE = t('editor.unsavedChanges');

/** Return each attribute's last message, the one shown beside its label. */
export function fieldErrors(errors: readonly (readonly [string, string])[]): FieldErrors {
  const result: FieldErrors = {};
  for (const [attribute, message] of errors) result[attribute] = message;
  return result;
}

// The draft's fields an attribute's message is about. The dates are one rule (the end not
// before the start): editing either end answers a message about both.
const DATE_FIELDS = ['starts_at', 'ends_at', 'all_day'] as const;
const FIELDS_OF: Record<string, readonly (keyof Draft)[]> = {
  starts_at: DATE_FIELDS,
  ends_at: DATE_FIELDS,
  all_day: DATE_FIELDS,
  serialized_tags: ['tags'],
  page_images_attributes: ['images'],
  page_files_attributes: ['files'],
};

/** Whether the edit from `before` to `after` touched the field an attribute names. */
function edited(attribute: string, before: Draft, after: Draft): boolean {
  const fields =
    FIELDS_OF[attribute] ?? (attribute in before ? [attribute as keyof Draft] : undefined);
  // Not one of the page's fields: a block.
  if (!fields) return (before.blocks[attribute] ?? '') !== (after.blocks[attribute] ?? '');
  return fields.some((field) => before[field] !== after[field]);
}

/**
 * Return the messages that still hold after an edit: a field's refusal goes once the field is
 * edited (the next save checks it again); the others stay. The same object when none goes.
 */
export function errorsAfterEdit(errors: FieldErrors, before: Draft, after: Draft): FieldErrors {
  if (before === after) return errors;
  const kept = Object.entries(errors).filter(([attribute]) => !edited(attribute, before, after));
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
}
