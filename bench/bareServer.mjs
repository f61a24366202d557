/**
 * The ceiling of this machine for an HTTP answer: a bare `node:http` server, in a process of its own, sending
 * the bytes and headers it is given for every request (no routing, no cache lookup). The page benchmarks put
 * their figures beside it, measured in the same run.
 *
 * Run as a child (`node bench/bareServer.mjs <file>`): the file holds `{ headers, body (base64) }`; the child
 * prints its port on its first line.
 */
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { createServer, get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * Fetches `url` once and starts a bare server answering its bytes and headers.
 *
 * @param {string} url
 * @param {Record<string, string>} requestHeaders
 * @returns {Promise<{ url: string, bytes: number, stop: () => void }>}
 */
export async function startBareServerLike(url, requestHeaders) {
  // node:http, not fetch: the bytes as sent (fetch would decompress them).
  const { body, headers } = await new Promise((resolve, reject) => {
    get(url, { headers: requestHeaders }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const keep = ['content-type', 'content-encoding', 'cache-control', 'etag', 'vary', 'last-modified'];
        const sent = Object.fromEntries(
          keep.flatMap((name) => (response.headers[name] ? [[name, response.headers[name]]] : [])),
        );
        resolve({ body: Buffer.concat(chunks), headers: sent });
      });
    }).on('error', reject);
  });
  const file = join(tmpdir(), `kirafuda-bare-${process.pid}.json`);
  writeFileSync(file, JSON.stringify({ headers, body: body.toString('base64') }));
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) });
  const port = await new Promise((resolve, reject) => {
    lines.once('line', (line) => resolve(Number(line)));
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  }).finally(() => rmSync(file, { force: true }));
  return { url: `http://127.0.0.1:${port}/`, bytes: body.length, stop: () => child.kill() };
}

if (import.meta.main) {
  const { readFileSync } = await import('node:fs');
  const { headers, body } = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8'));
  const bytes = Buffer.from(body, 'base64');
  const all = { ...headers, 'content-length': String(bytes.length) };
  const server = createServer((_req, res) => {
    res.writeHead(200, all);
    res.end(bytes);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    console.log(typeof address === 'object' && address ? address.port : 0);
  });
}
