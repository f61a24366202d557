/**
 * What an operator and a load balancer read, and what an idle server costs: `GET /api/v1/health` answers the
 * database's kind and the event-loop delay; a server nobody asks anything wakes only for its slow jobs (a few
 * times a second at most, not the hundred a second of a 10 ms timer), read from the kernel's count of the main
 * thread's wake-ups (`voluntary_ctxt_switches`, Linux).
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type App, startApp } from '../helpers/api.ts';

let app: App;

beforeAll(async () => {
  app = await startApp();
}, 90_000);

afterAll(async () => {
  await app?.stop();
});

/** How many times the server's main thread has gone to sleep and been woken. */
async function wakeUps(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/task/${pid}/status`, 'utf8');
  const line = status.split('\n').find((entry) => entry.startsWith('voluntary_ctxt_switches:'));
  return Number(line?.split(':')[1]?.trim());
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('health answers ok with the database kind and the event-loop delay in ms', async () => {
  const health = await app.client().get<{
    status: string;
    database: string;
    eventLoopDelayMs: { p50: number; p99: number; max: number };
    pageCache: { pages: number; bytes: number };
  }>('/api/v1/health');
  expect(health.status).toBe(200);
  expect(health.body.status).toBe('ok');
  expect(health.body.database).toBe(process.env['DATABASE_URL'] ? 'postgres' : 'pglite');
  for (const figure of Object.values(health.body.eventLoopDelayMs)) expect(figure).toBeGreaterThanOrEqual(0);
  expect(health.body.eventLoopDelayMs.max).toBeGreaterThanOrEqual(health.body.eventLoopDelayMs.p50);
});

test('an idle server wakes a few times a second at most', async () => {
  // The event-loop sampling stops 2 s after the last request.
  await sleep(2_500);
  const before = await wakeUps(app.server.pid);
  await sleep(4_000);
  const woken = (await wakeUps(app.server.pid)) - before;
  expect(Number.isFinite(woken)).toBe(true);
  // The jobs' own clocks (the notification pulse each second, the others slower): about 4 in 4 s; a 10 ms timer
  // made ~400.
  expect(woken).toBeLessThan(60);
}, 20_000);
