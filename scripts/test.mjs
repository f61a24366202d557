/**
 * `npm test`: every check CI runs, in order, stopping at the first failure with its exit code.
 *
 * lint+format (biome) -> unit tests with the types (astro check) beside them -> build -> API tests (PGlite, then the
 * engine-sensitive ones on PostgreSQL when TEST_DATABASE_URL is set) -> browser tests against the built server. Ends with one line
 * `N passed, N failed` summing the vitest runs (read from each run's JSON report).
 *
 * Uses the project's own binaries under the current node (`process.execPath`), so it runs the same under
 * `npm test` and `node scripts/test.mjs`.
 *
 * @see docs/architecture.md "Tests"
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = mkdtempSync(join(tmpdir(), 'kirafuda-test-'));
const totals = { passed: 0, failed: 0 };
// Child processes (and the tools they spawn) find the project's binaries and this node first.
process.env.PATH = [join(root, 'node_modules', '.bin'), dirname(process.execPath), process.env.PATH].join(delimiter);

/** JS entry points of the tools, run with this node (the .bin shims would pick the machine's node). */
const BIN = {
  biome: join(root, 'node_modules', '@biomejs', 'biome', 'bin', 'biome'),
  astro: join(root, 'node_modules', 'astro', 'bin', 'astro.mjs'),
  vitest: join(root, 'node_modules', 'vitest', 'vitest.mjs'),
};

/** @param {string} title */
function heading(title) {
  console.log(`\n━━ ${title} ${'━'.repeat(Math.max(3, 72 - title.length))}`);
}

/**
 * Runs one tool and returns its exit code.
 *
 * @param {keyof typeof BIN} tool
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} [env]
 */
function run(tool, args, env = process.env) {
  const result = spawnSync(process.execPath, [BIN[tool], ...args], { cwd: root, stdio: 'inherit', env });
  if (result.error) console.error(result.error);
  return result.status ?? 1;
}

/**
 * Starts one tool in the background, its output kept in a file until {@link finish} prints it: the type check
 * runs beside the unit tests (it uses one core; the unit files mostly wait on PGlite, anvil and imports).
 *
 * @param {keyof typeof BIN} tool
 * @param {string[]} args
 */
function startInBackground(tool, args) {
  const log = join(reports, `${tool}.log`);
  const fd = openSync(log, 'w');
  const child = spawn(process.execPath, [BIN[tool], ...args], { cwd: root, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  /** @type {Promise<number>} */
  const exited = new Promise((resolve) => {
    child.on('error', (error) => {
      console.error(error);
      resolve(1);
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
  /** Waits for it, prints its output and answers its exit code. */
  const finish = async () => {
    const code = await exited;
    process.stdout.write(readFileSync(log, 'utf8'));
    return code;
  };
  return { finish };
}

/**
 * Runs one vitest project with the default and JSON reporters and adds its counts to the totals.
 *
 * @param {string} name label of the run, also the JSON report's file name
 * @param {string} project
 * @param {{ env?: NodeJS.ProcessEnv, passWithNoTests?: boolean, paths?: string[] }} [options]
 */
function vitest(name, project, options = {}) {
  const report = join(reports, `${name}.json`);
  const args = ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  if (options.passWithNoTests) args.push('--passWithNoTests');
  if (options.paths) args.push(...options.paths);
  const code = run('vitest', args, options.env);
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests ?? 0;
    totals.failed += json.numFailedTests ?? 0;
    if (code !== 0 && !json.numFailedTests) totals.failed += 1; // a failed suite or setup, not a test
  } else if (code !== 0) {
    totals.failed += 1; // vitest stopped before writing its report
  }
  return code;
}

/**
 * The API suites that run a second time on PostgreSQL: those whose SQL or concurrency can answer differently
 * on a server than on the embedded database (money and its row locks, card payments and the webhook, orders and
 * offers, the cart, keyset paging and search, notifications' SKIP LOCKED outbox, the production start). The
 * rest read and write through the same queries and stay in the PGlite pass, which keeps CI under 30 minutes.
 */
const API_ON_POSTGRES = [
  'tests/api/money.test.ts',
  'tests/api/money-reversals.test.ts',
  'tests/api/money-reorg.test.ts',
  'tests/api/card-payments.test.ts',
  'tests/api/tax.test.ts',
  'tests/api/stripe-webhook.test.ts',
  'tests/api/offers.test.ts',
  'tests/api/sell-card.test.ts',
  'tests/api/cart.test.ts',
  'tests/api/catalogue-cards.test.ts',
  'tests/api/search.test.ts',
  'tests/api/notifications.test.ts',
  'tests/api/production-start.test.ts',
];

/**
 * The database layer's own tests that meet the engine named by DATABASE_URL (migrations, constraints, trigram
 * search). `client.test.ts` and `serverDatabase.test.ts` open PGlite whatever DATABASE_URL says: the first pass
 * runs them, a second would only repeat them (about 45 s).
 */
const DB_ON_POSTGRES = [
  'src/server/db/constraints.test.ts',
  'src/server/db/migrate.test.ts',
  'src/server/db/search.test.ts',
];

/** @type {[string, () => number | Promise<number>][]} */
const steps = [
  ['lint and format (biome check)', () => run('biome', ['check', '.'])],
  [
    'unit tests, and the types (astro check) beside them',
    async () => {
      const types = startInBackground('astro', ['check']);
      const unitCode = vitest('unit', 'unit');
      heading('types (astro check), run beside the unit tests');
      const typesCode = await types.finish();
      return unitCode || typesCode;
    },
  ],
  ['build (astro build)', () => run('astro', ['build'])],
  ['API tests (PGlite)', () => vitest('api', 'api', { passWithNoTests: true })],
  [
    'API tests (PostgreSQL)',
    () => {
      const url = process.env.TEST_DATABASE_URL;
      if (!url) {
        console.log('skipped the PostgreSQL pass: TEST_DATABASE_URL is not set');
        return 0;
      }
      const env = { ...process.env, DATABASE_URL: url };
      const dbCode = vitest('db-postgres', 'unit', { env, paths: DB_ON_POSTGRES });
      const apiCode = vitest('api-postgres', 'api', { passWithNoTests: true, env, paths: API_ON_POSTGRES });
      // Two server processes on one database share cache invalidations (LISTEN/NOTIFY): PostgreSQL only.
      const sharedCode = vitest('postgres', 'postgres', { env });
      return dbCode || apiCode || sharedCode;
    },
  ],
  ['browser tests (e2e)', () => vitest('e2e', 'e2e')],
];

let exitCode = 0;
const started = performance.now();
for (const [title, step] of steps) {
  heading(title);
  const stepStarted = performance.now();
  exitCode = await step();
  console.log(`\n${title}: ${Math.round((performance.now() - stepStarted) / 1000)} s`);
  if (exitCode !== 0) {
    console.error(`\n✗ ${title} failed (exit code ${exitCode}); stopping here`);
    break;
  }
}
rmSync(reports, { recursive: true, force: true });
console.log('');
console.log(`all steps: ${Math.round((performance.now() - started) / 1000)} s`);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(exitCode);
