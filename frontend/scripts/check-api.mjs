// Fail when src/api/generated/schema.ts is stale against openapi.json.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mark } from './mark-generated.mjs';

const committed = 'src/api/generated/schema.ts';
const dir = mkdtempSync(join(tmpdir(), 'check-api-'));
const fresh = join(dir, 'schema.ts');
try {
  execFileSync('npx', ['--no-install', 'openapi-typescript', 'openapi.json', '-o', fresh], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const expected = mark(readFileSync(fresh, 'utf8'));
  const actual = existsSync(committed) ? readFileSync(committed, 'utf8') : '';
  if (expected !== actual) {
    console.error(
      `check:api: ${committed} is out of date with openapi.json. Run \`npm run gen:api\` and commit the result.`,
    );
    process.exit(1);
  }
  console.log(`check:api: ${committed} is up to date.`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
