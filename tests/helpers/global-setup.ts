/**
 * Vitest global setup of the `e2e` project: starts ONE production server for all e2e files and hands
 * its URL to them as `inject('baseUrl')` (or {@link baseUrl} from `tests/helpers/e2e.ts`); stops it
 * when the run ends.
 *
 * @see /work/shared/TESTING.md
 */
import type { TestProject } from 'vitest/node';
import { startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the production server the e2e files share, e.g. `http://127.0.0.1:41234`. */
    baseUrl: string;
  }
}

/** Starts the shared server and returns its teardown. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startServer();
  project.provide('baseUrl', server.url);
  return () => server.stop();
}
