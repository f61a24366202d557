/**
 * Vitest global setup of the `e2e` project: seeds the demo catalogue into a fresh database, starts ONE
 * production server on it for all e2e files and hands its URL to them as `inject('baseUrl')` (or
 * {@link baseUrl} from `tests/helpers/e2e.ts`); stops it and drops the database when the run ends.
 *
 * @see docs/architecture.md "Tests"
 */
import type { TestProject } from 'vitest/node';
import { seedDemo } from '../../src/dev/seed/demo.ts';
import { createTestDatabase } from './db.ts';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the production server the e2e files share, e.g. `http://127.0.0.1:41234`. */
    baseUrl: string;
  }
}

/** Seeds, starts the shared server and returns its teardown. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const database = await createTestDatabase();
  await seedDemo(database.db);
  await database.disconnect();
  const server = await startServer({ env: database.env });
  project.provide('baseUrl', server.url);
  return async () => {
    await server.stop();
    await database.close();
  };
}
