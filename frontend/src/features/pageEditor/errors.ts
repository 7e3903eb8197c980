// Save outcomes and their messages (spec §8), and server errors mapped to fields (spec §5).
import { t } from '../../i18n';
import type { FieldErrors } from './types';

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
