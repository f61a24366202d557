/**
 * Astro's island runtime reaches the browser as one file it keeps (src/server/http/islandRuntime.mjs), not inline
 * in every page: a page with islands names it, and the server answers it like every built file (immutable,
 * precompressed).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type RunningServer, SHORT_LIVED_NODE_ARGS, startServer } from '../helpers/server.ts';

let server: RunningServer | undefined;

beforeAll(async () => {
  // Engine-independent: the embedded database, also in the PostgreSQL pass.
  server = await startServer({ env: { DATABASE_URL: '', SEED_DEMO: '0' }, nodeArgs: SHORT_LIVED_NODE_ARGS });
}, 120_000);

afterAll(async () => {
  await server?.stop({ discard: true });
});

test("a page with islands loads Astro's runtime from a file the browser keeps, and does not carry it inline", async () => {
  const html = await (await fetch(`${server?.url}/terms`)).text();
  expect(html).toContain('<astro-island');
  const src = /<script src="(\/_astro\/island-runtime\.[\w-]+\.js)" defer><\/script>/.exec(html)?.[1];
  expect(src).toBeDefined();
  expect(html).not.toContain('customElements.define("astro-island"');
  const script = await fetch(`${server?.url}${src}`, { headers: { 'accept-encoding': 'br' } });
  expect(script.status).toBe(200);
  expect(script.headers.get('content-type')).toMatch(/javascript/);
  expect(script.headers.get('cache-control')).toContain('immutable');
  expect(script.headers.get('content-encoding')).toBe('br');
  expect(await script.text()).toContain('customElements.define("astro-island"');
});
