/**
 * Serves the built static files (`dist/client`): hashed assets for a year, prerendered pages and public files
 * briefly, each in the best encoding the browser accepts from the twins written at build (`.br`, `.gz`), with
 * ETag/304, the security headers, and the hashed Content-Security-Policy Astro wrote for prerendered pages.
 * Anything that is not a file is left to Astro.
 *
 * @see ./precompress.mjs (the twins), ../http/securityHeaders.ts
 */
import { createReadStream, existsSync, readFileSync, type Stats, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { mergeCsp, SECURITY_HEADERS } from '../http/securityHeaders';
import { acceptedEncoding } from './encoding';

/** Content types by extension. */
const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.md': 'text/markdown; charset=utf-8',
};

/** What one path resolves to, kept per process (the folder does not change while the server runs). */
interface StaticEntry {
  file: string;
  stats: Stats;
  type: string;
  /** Encodings with a twin on disk (`br`, `gzip`). */
  encodings: Set<string>;
  csp: string | undefined;
}

/** The static file server of a client folder. */
export function staticFiles(clientDir: string, assetsDir = '_astro') {
  const root = resolve(clientDir);
  const entries = new Map<string, StaticEntry | null>();
  const csp = readStaticCsp(root);

  function lookup(pathname: string): StaticEntry | null {
    const known = entries.get(pathname);
    if (known !== undefined) return known;
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    if (decoded.includes('\0') || decoded.split('/').some((part) => part.startsWith('.') && part !== '.well-known'))
      return null;
    let file = resolve(root, `.${decoded}`);
    if (file !== root && !file.startsWith(root + sep)) return null;
    let stats = statOrNull(file);
    if (stats?.isDirectory()) {
      file = join(file, 'index.html');
      stats = statOrNull(file);
    }
    const entry: StaticEntry | null =
      stats?.isFile() === true
        ? {
            file,
            stats,
            type: TYPES[extname(file)] ?? 'application/octet-stream',
            encodings: new Set(
              [
                ['br', `${file}.br`],
                ['gzip', `${file}.gz`],
              ]
                .filter(([, twin]) => existsSync(twin as string))
                .map(([name]) => name as string),
            ),
            csp: csp.get(pathname.replace(/\/$/, '') || '/'),
          }
        : null;
    if (entries.size < 10_000) entries.set(pathname, entry);
    return entry;
  }

  /** Answers the request from the folder, or returns false to leave it to Astro. */
  return function serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if (pathname === '/') return false;
    const entry = lookup(pathname);
    if (!entry) return false;
    const encoding = acceptedEncoding(req.headers['accept-encoding'], entry.encodings);
    const file = encoding === 'br' ? `${entry.file}.br` : encoding === 'gzip' ? `${entry.file}.gz` : entry.file;
    const size = encoding ? statSync(file).size : entry.stats.size;
    const etag = `"${entry.stats.size.toString(16)}-${Math.floor(entry.stats.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
    const immutable = pathname.startsWith(`/${assetsDir}/`);
    const headers: Record<string, string> = {
      ...SECURITY_HEADERS,
      'Content-Type': entry.type,
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      ETag: etag,
      'Last-Modified': entry.stats.mtime.toUTCString(),
      Vary: 'Accept-Encoding',
    };
    if (entry.type.startsWith('text/html')) headers['Content-Security-Policy'] = mergeCsp(entry.csp ?? null);
    if (encoding) headers['Content-Encoding'] = encoding;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    headers['Content-Length'] = String(size);
    res.writeHead(200, headers);
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
    return true;
  };
}

function statOrNull(file: string): Stats | null {
  try {
    return statSync(file);
  } catch {
    return null;
  }
}

/** The hashed CSP of each prerendered page, from the file the Node adapter writes at build (if any). */
function readStaticCsp(root: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const candidate of [join(root, '..', '_headers.json'), join(root, '_headers.json')]) {
    if (!existsSync(candidate)) continue;
    try {
      const rows = JSON.parse(readFileSync(candidate, 'utf8')) as {
        pathname: string;
        headers: { key: string; value: string }[];
      }[];
      for (const row of rows) {
        const policy = row.headers.find((header) => header.key.toLowerCase() === 'content-security-policy');
        if (policy) found.set(row.pathname.replace(/\/$/, '') || '/', policy.value);
      }
    } catch {
      // unreadable: pages get the base policy only
    }
  }
  return found;
}
