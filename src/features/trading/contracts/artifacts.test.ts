/**
 * The committed contract artifacts match the Solidity sources: the app and the chain tests deploy from
 * `contracts/artifacts`, so a source edited without `npm run contracts:build` would test stale bytecode.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..', '..');

test('contracts/artifacts were built from the current contracts/*.sol (npm run contracts:build)', () => {
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'compile-contracts.mjs'), '--check'], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
});
