import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticFiles } from './staticFiles';

let root = '';
let server: Server;
let base = '';
const css = 'body{color:red}'.repeat(100);

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kirafuda-static-'));
  await mkdir(join(root, '_astro'));
  await mkdir(join(root, 'guide'));
  await writeFile(join(root, '_astro', 'a.css'), css);
  await writeFile(join(root, '_astro', 'a.css.br'), brotliCompressSync(css));
  await writeFile(join(root, '_astro', 'a.css.gz'), gzipSync(css));
  await writeFile(join(root, 'guide', 'index.html'), '<p>guide</p>');
  const serve = staticFiles(root);
  server = createServer((req, res) => {
    if (!serve(req, res)) res.writeHead(599).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  server?.close();
  await rm(root, { recursive: true, force: true });
});

/** A raw GET (fetch would decode the body). */
const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      request(`${base}${path}`, { headers, method }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
        .on('error', reject)
        .end();
    },
  );

describe('staticFiles', () => {
  it('answers the twin the browser accepts, from memory, with its headers and ETag', async () => {
    const br = await get('/_astro/a.css', { 'accept-encoding': 'gzip, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.equals(brotliCompressSync(css))).toBe(true);
    expect(br.headers['content-length']).toBe(String(br.body.length));
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    const gz = await get('/_astro/a.css?v=1', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/_astro/a.css');
    expect(plain.body.toString()).toBe(css);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const again = await get('/_astro/a.css', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect((await get('/_astro/a.css', {}, 'HEAD')).body.length).toBe(0);
  });

  it("answers a folder's index at the folder's path, and leaves everything else to Astro", async () => {
    expect((await get('/guide')).body.toString()).toBe('<p>guide</p>');
    expect((await get('/guide/index.html')).status).toBe(200);
    expect((await get('/guide/')).status).toBe(599);
    expect((await get('/nothing.css')).status).toBe(599);
    expect((await get('/_astro/a.css', {}, 'POST')).status).toBe(599);
  });
});
