/**
 * Vitest global setup of the `unit` and `api` projects: migrates one PGlite database for the whole run and
 * writes its data folder to a temporary file that every test file's `createTestDatabase` (./db.ts) loads (named
 * by the `KIRAFUDA_PGLITE_TEMPLATE` variable the workers inherit). Without it each test file would build its
 * own (vitest isolates modules per file). Nothing to do when the run is on PostgreSQL (`DATABASE_URL`).
 *
 * @see docs/architecture.md "Tests"
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEMPLATE_ENV, writePgliteTemplate } from './db.ts';

/** Builds the template and returns the teardown that deletes it. */
export default async function setup(): Promise<() => Promise<void>> {
  if (process.env['DATABASE_URL'] || process.env[TEMPLATE_ENV]) return async () => undefined;
  const dir = await mkdtemp(join(tmpdir(), 'kirafuda-template-'));
  const file = join(dir, 'pgdata.tar');
  await writePgliteTemplate(file);
  process.env[TEMPLATE_ENV] = file;
  return async () => {
    delete process.env[TEMPLATE_ENV];
    await rm(dir, { recursive: true, force: true });
  };
}
