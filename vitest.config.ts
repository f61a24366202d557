/**
 * Vitest configuration: four projects that `scripts/test.mjs` runs one by one.
 *
 * - `unit`: tests beside the code (`src/**\/*.test.ts(x)`), node environment by default. A file that needs a
 *   DOM opts in with a `// @vitest-environment happy-dom` comment at its top.
 * - `api`: HTTP tests of the server (`tests/api`). May be empty; `scripts/test.mjs` passes
 *   `--passWithNoTests` to this project's run only (Vitest does not accept that option per project).
 * - `postgres`: what needs a PostgreSQL server (`tests/postgres`, e.g. two server processes sharing one
 *   database); `scripts/test.mjs` runs it in its PostgreSQL pass only, with `DATABASE_URL` set.
 * - `e2e`: browser tests against the built production server, one server for all files (started by
 *   `tests/helpers/global-setup.ts`, its URL read with `inject('baseUrl')`), files run one at a time
 *   because the machine has 2 cores and each file drives a Chromium. The chain files start their own
 *   marketplace on a database loaded from the run's migrated template (2.6 s, against 7.5 s migrating one).
 *
 * Astro's `getViteConfig` gives the tests the same Vite setup as the site (the `~/*` alias, `astro:*`
 * virtual modules, the integrations' plugins).
 *
 * @see docs/architecture.md ("Tests")
 */
import { getViteConfig } from 'astro/config';
import { configDefaults } from 'vitest/config';
import { SHORT_LIVED_NODE_ARGS } from './tests/helpers/server.ts';

/** Test files' workers live seconds: WebAssembly (PGlite) is compiled by V8's baseline compiler only. */
const execArgv = [...SHORT_LIVED_NODE_ARGS];

export default getViteConfig({
  test: {
    exclude: [...configDefaults.exclude, 'dist/**', '.astro/**', 'data/**'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          execArgv,
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'node',
          // One migrated PGlite for the run, loaded by each file's test databases.
          globalSetup: ['tests/helpers/pglite-template.ts'],
          // Database and chain set-up (PGlite, anvil) can take tens of seconds on a loaded 2-core machine.
          hookTimeout: 60_000,
          testTimeout: 30_000,
          // Vitest's default on 2 cores is one file at a time; two cut the run by a quarter (most files wait
          // on PGlite, anvil or imports, not on a core).
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          execArgv,
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/pglite-template.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // API suites start servers and databases of their own: two at a time at most on 2 cores.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['tests/postgres/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 90_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          execArgv,
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/helpers/pglite-template.ts', 'tests/helpers/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // A page's answer to a click (a wallet round trip, an island hydrating) can take seconds on a loaded
          // 2-core machine; vitest's default of one second failed polls that pass when the machine is quiet.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
