// Save outcomes and their messages (spec §8), and server errors mapped to fields (spec §5).
import type { FieldErrors } from './types';

export const SAVED_MESSAGE = 'Your changes were saved';
export const VALIDATION_MESSAGE = 'A validation error prevented the page from being saved.';
// Spelling as in the specification's error catalogue.
export const SAVE_FAILED_MESSAGE = 'An error occured while saving your changes.';
export const LOAD_FAILED_MESSAGE =
  'The page could not be loaded. Check your connection and try again.';
export const UNSAVED_CHANGES_MESSAGE = 'You have unsaved changes. Leave this page and lose them?';

/** Return each attribute's last message, the one shown beside its label. */
export function fieldErrors(errors: readonly (readonly [string, string])[]): FieldErrors {
  const result: FieldErrors = {};
  for (const [attribute, message] of errors) result[attribute] = message;
  return result;
}

/** Read `errors` pairs out of an error answer's body, ignoring anything malformed. */
export function errorPairs(body: unknown): [string, string][] {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return [];
  const errors: unknown = body.errors;
  if (!Array.isArray(errors)) return [];
  return errors.filter(
    (pair): pair is [string, string] =>
      Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string',
  );
}
