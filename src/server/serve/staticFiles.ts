/**
 * Serves the built static files (`dist/client`): hashed assets for a year, prerendered pages and public files
 * briefly, each in the best encoding the browser accepts from the twins written at build (`.br`, `.gz`), with
 * ETag/304, the security headers, and the hashed Content-Security-Policy Astro wrote for prerendered pages.
 * Anything that is not a file is left to Astro.
 *
 * @see ./precompress.mjs (the twins), ../http/securityHeaders.ts
 */
import { createReadStream, existsSync, readdirSync, readFileSync, type Stats, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, resolve } from 'node:path';
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

/** What one URL path resolves to. */
interface StaticEntry {
  file: string;
  stats: Stats;
  type: string;
  /** Byte size of each twin on disk, by encoding (`br`, `gzip`). */
  twins: Map<string, number>;
  csp: string | undefined;
}

/**
 * The static file server of a client folder. The folder does not change while the server runs, so it is
 * indexed once here: a request costs one map lookup, never a file-system call before the body is read.
 */
export function staticFiles(clientDir: string, assetsDir = '_astro') {
  const root = resolve(clientDir);
  const entries = indexFolder(root, readStaticCsp(root));

  function lookup(pathname: string): StaticEntry | undefined {
    try {
      return entries.get(decodeURIComponent(pathname));
    } catch {
      return undefined;
    }
  }

  /** Answers the request from the folder, or returns false to leave it to Astro. */
  return function serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if (pathname === '/') return false;
    const entry = lookup(pathname);
    if (!entry) return false;
    const encoding = acceptedEncoding(req.headers['accept-encoding'], new Set(entry.twins.keys()));
    const file = encoding === 'br' ? `${entry.file}.br` : encoding === 'gzip' ? `${entry.file}.gz` : entry.file;
    const size = encoding ? (entry.twins.get(encoding) ?? entry.stats.size) : entry.stats.size;
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

/**
 * Every file under `root` by its URL path (`/_astro/x.js`); a folder's `index.html` also answers the folder's
 * path (without the trailing slash: the server redirects that form). Hidden files and folders are left out, but
 * `.well-known`.
 */
function indexFolder(root: string, csp: Map<string, string>): Map<string, StaticEntry> {
  const entries = new Map<string, StaticEntry>();
  if (!existsSync(root)) return entries;
  const walk = (folder: string, urlPath: string) => {
    for (const item of readdirSync(folder, { withFileTypes: true })) {
      if (item.name.startsWith('.') && item.name !== '.well-known') continue;
      const file = join(folder, item.name);
      const path = `${urlPath}/${item.name}`;
      if (item.isDirectory()) {
        walk(file, path);
        continue;
      }
      if (!item.isFile()) continue;
      const twins = new Map<string, number>();
      for (const [encoding, suffix] of [
        ['br', '.br'],
        ['gzip', '.gz'],
      ] as const) {
        const twin = statOrNull(file + suffix);
        if (twin?.isFile()) twins.set(encoding, twin.size);
      }
      const page = item.name === 'index.html' ? urlPath || '/' : path;
      const entry = {
        file,
        stats: statSync(file),
        type: TYPES[extname(file)] ?? 'application/octet-stream',
        twins,
        csp: csp.get(page),
      };
      entries.set(path, entry);
      if (item.name === 'index.html' && urlPath !== '') {
        entries.set(urlPath, entry);
      }
    }
  };
  walk(root, '');
  return entries;
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
