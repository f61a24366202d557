/**
 * Throughput of `GET /api/v1/current_user`, the call a signed-in visitor's pages make at start-up: on the
 * demo data, signed in as the demo illustrator (`POST /api/v1/illustrator_session`), then without a session
 * (the 401 path), each for 10 s over 10 connections with autocannon.
 *
 * Runs against the server `npm run bench` gives it (demo data); alone (`node bench/current-user.mjs`, after
 * `astro build`) it starts its own. Spec §7 (GET /api/v1/current_user, POST /api/v1/illustrator_session).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importTs } from '../scripts/lib/bundle-ts.mjs';
import { DEMO_ILLUSTRATOR } from '../src/dev/seed/accounts.ts';
import { startServer } from '../tests/helpers/server.ts';
import { summaryRow } from './resultRow.mjs';
import { load, SITE_HEADERS } from './search.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PATH = '/api/v1/current_user';

/**
 * Signs in as the demo illustrator and returns the `cookie` header a browser would send next, or null
 * when the sign-in endpoint refuses (with why).
 *
 * @param {string} baseUrl
 * @returns {Promise<{ cookie: string } | { refused: string }>}
 */
async function signIn(baseUrl) {
  const response = await fetch(new URL('/api/v1/illustrator_session', baseUrl), {
    method: 'POST',
    headers: { ...SITE_HEADERS, 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ uid: DEMO_ILLUSTRATOR.uid, password: DEMO_ILLUSTRATOR.password }),
  });
  const text = await response.text();
  if (response.status !== 200) return { refused: `${response.status} ${text.slice(0, 200)}` };
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => pair.includes('=') && !pair.endsWith('='))
    .join('; ');
  return { cookie };
}

/** The status of one `GET current_user` with these headers. */
async function statusOf(baseUrl, headers = {}) {
  const response = await fetch(new URL(PATH, baseUrl), { headers: { ...SITE_HEADERS, ...headers } });
  await response.body?.cancel();
  return response.status;
}

/**
 * Bench module: seeds, serves, signs in, loads, prints.
 *
 * @param {{ baseUrl?: string, seconds?: number }} [context]
 */
export async function run({ baseUrl, seconds = 10 } = {}) {
  // `npm run bench` gives the shared server (demo data); alone, this module starts its own.
  const catalogue = baseUrl ? undefined : await (await importTs('bench/seedCatalogue.ts')).seedCatalogue(0);
  let server;
  try {
    server = catalogue
      ? await startServer({ root, env: { DATABASE_URL: '', DATA_DIR: '', SEED_DEMO: '0', ...catalogue.database.env } })
      : { url: baseUrl ?? '', stop: async () => {} };
    const rows = [];
    const session = await signIn(server.url);
    if ('cookie' in session) {
      const status = await statusOf(server.url, { cookie: session.cookie });
      if (status !== 200) throw new Error(`signed in, yet ${PATH} answered ${status}`);
      await load({ url: `${server.url}${PATH}`, headers: { cookie: session.cookie }, seconds: 3 }); // warm-up
      rows.push(
        summaryRow(
          'illustrator (200)',
          await load({ url: `${server.url}${PATH}`, headers: { cookie: session.cookie }, seconds }),
        ),
      );
    } else {
      console.log(`illustrator sign-in refused (${session.refused}): measuring without a session only`);
    }
    const anonymous = await statusOf(server.url);
    await load({ url: `${server.url}${PATH}`, seconds: 3 });
    rows.push(summaryRow(`no session (${anonymous})`, await load({ url: `${server.url}${PATH}`, seconds })));
    console.log(`GET ${PATH}, 10 connections, ${seconds} s each`);
    console.table(rows);
    return rows;
  } finally {
    await server?.stop();
    await catalogue?.database.close();
  }
}

if (import.meta.main) await run();
