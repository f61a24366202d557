/**
 * Which webhook URLs are refused: loopback, link-local (the cloud metadata address), private ranges, IPv6 forms
 * carrying them, a name resolving to a private address, and a redirect to one (checked on every hop, so no
 * request ever leaves for it). Names resolve through a stand-in resolver: nothing here may reach the network.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressKind } from './addressPolicy';
import { deliver } from './deliver.server';
import { checkWebhookUrl, type Resolve } from './webhookUrl.server';

const names: Record<string, string[]> = {
  'hooks.example.com': ['93.184.216.34'],
  'internal.example.com': ['10.0.0.5'],
  'mixed.example.com': ['93.184.216.34', '192.168.1.9'],
  'metadata.example.com': ['169.254.169.254'],
  'v6.example.com': ['::ffff:127.0.0.1'],
};
const resolve: Resolve = async (host) => {
  const found = names[host];
  if (!found) throw new Error('ENOTFOUND');
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};
const production = { allowLoopback: false, resolve };

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'allowed',
    (error: Error) => error.message,
  );

describe('webhook URLs', () => {
  it('classifies addresses, IPv6 forms by the IPv4 address inside', () => {
    expect(addressKind('93.184.216.34')).toBe('public');
    expect(addressKind('2606:4700::1111')).toBe('public');
    expect(addressKind('127.0.0.1')).toBe('loopback');
    expect(addressKind('::1')).toBe('loopback');
    for (const address of [
      '169.254.169.254',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.0.1',
      '100.64.0.1',
      '0.0.0.0',
      'fd00::1',
      'fe80::1',
      '::',
      '::ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:a9fe:a9fe::1',
      '::ffff:a9fe:a9fe',
    ])
      expect([address, addressKind(address)]).toEqual([address, 'refused']);
    expect(addressKind('::ffff:7f00:1')).toBe('loopback');
  });

  it('accepts a public https address', async () => {
    const checked = await checkWebhookUrl('https://hooks.example.com/kirafuda', production);
    expect(checked.address).toBe('93.184.216.34');
  });

  it('refuses loopback, link-local, private targets and names resolving to them in production', async () => {
    for (const url of [
      'http://127.0.0.1/hook',
      'https://127.0.0.1/hook',
      'https://[::1]/hook',
      'http://169.254.169.254/latest/meta-data/',
      'https://169.254.169.254/',
      'https://internal.example.com/hook',
      'https://mixed.example.com/hook',
      'https://metadata.example.com/hook',
      'https://v6.example.com/hook',
      'https://0x7f000001/hook',
      'https://2130706433/hook',
    ]) {
      expect([url, await refusal(checkWebhookUrl(url, production))]).toEqual([
        url,
        expect.stringMatching(/public address/),
      ]);
    }
  });

  it('refuses what is not an https URL, credentials, and names that do not resolve', async () => {
    expect(await refusal(checkWebhookUrl('http://hooks.example.com/', production))).toMatch(/https/);
    expect(await refusal(checkWebhookUrl('ftp://hooks.example.com/', production))).toMatch(/https/);
    expect(await refusal(checkWebhookUrl('https://user:pw@hooks.example.com/', production))).toMatch(/password/);
    expect(await refusal(checkWebhookUrl('not a url', production))).toMatch(/Not a URL/);
    expect(await refusal(checkWebhookUrl('https://nowhere.example.com/', production))).toMatch(/does not resolve/);
  });

  it('allows loopback (and http to it only) when the development setting says so', async () => {
    const dev = { allowLoopback: true, resolve };
    expect(await refusal(checkWebhookUrl('http://127.0.0.1:9/hook', dev))).toBe('allowed');
    expect(await refusal(checkWebhookUrl('http://169.254.169.254/', dev))).toMatch(/public address/);
    expect(await refusal(checkWebhookUrl('http://internal.example.com/', dev))).toMatch(/public address/);
  });
});

describe('delivery and redirects', () => {
  let server: Server;
  let base: string;
  const hits: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      hits.push(request.url ?? '');
      const target = new URL(request.url ?? '/', 'http://x').searchParams.get('to');
      if (target) response.writeHead(307, { location: target }).end();
      else response.writeHead(204).end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  const options = { allowLoopback: true, timeoutMs: 2_000, resolve };

  it('follows a redirect to an allowed address with the same body', async () => {
    const outcome = await deliver(`${base}/a?to=${encodeURIComponent(`${base}/b`)}`, '{}', {}, options);
    expect(outcome).toEqual({ status: 204 });
    expect(hits.slice(-2)).toEqual([`/a?to=${encodeURIComponent(`${base}/b`)}`, '/b']);
  });

  it('refuses a redirect to a link-local or private address, or a name resolving to one', async () => {
    for (const target of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'https://internal.example.com/',
    ]) {
      const outcome = await deliver(`${base}/r?to=${encodeURIComponent(target)}`, '{}', {}, options);
      expect([target, outcome]).toEqual([target, { error: expect.stringMatching(/^refused: .*public address/) }]);
    }
  });

  it('refuses a loopback endpoint in production, before any request is made', async () => {
    const count = hits.length;
    const outcome = await deliver(`${base}/x`, '{}', {}, { ...options, allowLoopback: false });
    expect(outcome).toEqual({ error: expect.stringMatching(/^refused/) });
    expect(hits.length).toBe(count);
  });
});
