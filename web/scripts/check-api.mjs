// Drift check: regenerate the API types from the OpenAPI contract into a temporary
// file and fail when they differ from the committed web/src/shared/api/schema.d.ts.
// Fix a failure with `npm run gen:api` and commit the result.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..', '..');
const contract = join(root, 'adapters/http/openapi.yaml');
const committed = join(root, 'web/src/shared/api/schema.d.ts');
const dir = mkdtempSync(join(tmpdir(), 'amora-api-'));
const fresh = join(dir, 'schema.d.ts');
try {
  execFileSync(join(root, 'node_modules/.bin/openapi-typescript'), [contract, '-o', fresh], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (readFileSync(fresh, 'utf8') !== readFileSync(committed, 'utf8')) {
    console.error(
      'web/src/shared/api/schema.d.ts is out of date with adapters/http/openapi.yaml: run `npm run gen:api`.',
    );
    process.exitCode = 1;
  } else {
    console.log('API types match adapters/http/openapi.yaml.');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
