/**
 * The browser tests' network guard (tests/helpers/browser.ts): a page reaches this machine and nothing else, and
 * what it tried to reach elsewhere is recorded.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newPage } from '../helpers/browser.ts';

let browser: Browser;
let server: Server;
let origin: string;
/** The same server at this machine's network address: off loopback, so the guard must stop it. */
let lanOrigin: string;
const served: string[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    served.push(request.url ?? '');
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end('<!doctype html><title>local</title><p>served from this machine</p>');
  });
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  const lan = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal);
  if (!lan) throw new Error('this test needs a network address besides loopback');
  lanOrigin = `http://${lan.address}:${port}`;
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('network guard of the browser tests', () => {
  test('a loopback page loads; a named host and an address off loopback fail and are recorded', async () => {
    const { page, blockedRequests, consoleErrors, close } = await newPage(browser);
    await page.goto(`${origin}/`);
    await expect(page.locator('p').textContent()).resolves.toBe('served from this machine');
    const pixel = `${lanOrigin}/pixel.gif`;
    const outcomes = await page.evaluate(
      async (urls) => {
        const attempt = (url: string) =>
          fetch(url, { mode: 'no-cors' }).then(
            () => 'reached',
            () => 'failed',
          );
        return [await attempt(urls[0] as string), await attempt(urls[1] as string)];
      },
      ['https://example.com/tracker.js', pixel],
    );
    expect(outcomes).toEqual(['failed', 'failed']);
    expect(served).not.toContain('/pixel.gif');
    expect(blockedRequests).toEqual(['https://example.com/tracker.js', pixel]);
    expect(consoleErrors).toEqual([]);
    await close();
  });
});
