/**
 * A typo in a server setting stops the start, naming the setting, instead of a server that answers and then
 * fails every page (or quietly runs with a default): the built server started as the docs' deployment starts it.
 */
import { expect, test } from 'vitest';
import { SHORT_LIVED_NODE_ARGS, startServer } from '../helpers/server.ts';

test('RENDER_CONCURRENCY of 0 stops the start with its name and the smallest value it takes', async () => {
  const started = startServer({
    // Engine-independent: the embedded database, also in the PostgreSQL pass.
    env: { DATABASE_URL: '', SEED_DEMO: '0', RENDER_CONCURRENCY: '0' },
    nodeArgs: SHORT_LIVED_NODE_ARGS,
    timeoutMs: 60_000,
  });
  await expect(started).rejects.toThrow(/exited[\s\S]*RENDER_CONCURRENCY must be a whole number from 1/);
}, 90_000);
