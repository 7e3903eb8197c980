// Prepend the "generated, do not edit" marker to an openapi-typescript output file.
import { readFileSync, writeFileSync } from 'node:fs';

export const MARKER =
  '// GENERATED FILE, DO NOT EDIT. Regenerate with `npm run gen:api` from frontend/openapi.json.\n';

export function mark(text) {
  return text.startsWith(MARKER) ? text : MARKER + text;
}

const target = process.argv[2];
if (target) {
  writeFileSync(target, mark(readFileSync(target, 'utf8')));
}
