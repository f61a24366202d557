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
import { acceptedEncoding, type Encoding } from './encoding';

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

/** One encoding of a file, with its answer's headers made once (flat lists, written as they are). */
interface Variant {
  file: string;
  size: number;
  /** The bytes, kept in memory for files up to {@link MAX_IN_MEMORY}; larger ones are streamed. */
  body: Buffer | undefined;
  headers: string[];
  notModified: string[];
  etag: string;
}

/** What one URL path resolves to. */
interface StaticEntry {
  variants: Partial<Record<'identity' | Encoding, Variant>>;
  /** The encodings it has twins in. */
  twins: ReadonlySet<string>;
}

/** Files up to this size are answered from memory (the whole client folder is a few megabytes). */
const MAX_IN_MEMORY = 1024 * 1024;

/**
 * The static file server of a client folder. The folder does not change while the server runs, so it is
 * indexed and read once here: a request costs one map lookup and one write, never a file-system call.
 */
export function staticFiles(clientDir: string, assetsDir = '_astro') {
  const root = resolve(clientDir);
  const entries = indexFolder(root, readStaticCsp(root), assetsDir);

  function lookup(pathname: string): StaticEntry | undefined {
    const found = entries.get(pathname);
    if (found || !pathname.includes('%')) return found;
    try {
      return entries.get(decodeURIComponent(pathname));
    } catch {
      return undefined;
    }
  }

  /** Answers the request from the folder, or returns false to leave it to Astro. */
  return function serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const target = req.url ?? '/';
    const queryAt = target.indexOf('?');
    const pathname = queryAt === -1 ? target : target.slice(0, queryAt);
    if (pathname === '/') return false;
    const entry = lookup(pathname);
    if (!entry) return false;
    const header = req.headers['accept-encoding'];
    const encoding =
      entry.twins.size === 2 || entry.twins.size === 0
        ? acceptedEncoding(header)
        : acceptedEncoding(header, entry.twins);
    const variant =
      (encoding && entry.twins.has(encoding) ? entry.variants[encoding] : undefined) ?? entry.variants.identity;
    if (!variant) return false;
    if (req.headers['if-none-match'] === variant.etag) {
      res.writeHead(304, variant.notModified);
      res.end();
      return true;
    }
    res.writeHead(200, variant.headers);
    if (req.method === 'HEAD') res.end();
    else if (variant.body) res.end(variant.body);
    else createReadStream(variant.file).pipe(res);
    return true;
  };
}

/**
 * Every file under `root` by its URL path (`/_astro/x.js`); a folder's `index.html` also answers the folder's
 * path (without the trailing slash: the server redirects that form). Hidden files and folders are left out, but
 * `.well-known`.
 */
function indexFolder(root: string, csp: Map<string, string>, assetsDir: string): Map<string, StaticEntry> {
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
      const page = item.name === 'index.html' ? urlPath || '/' : path;
      const entry = entryOf(file, path.startsWith(`/${assetsDir}/`), csp.get(page));
      entries.set(path, entry);
      if (item.name === 'index.html' && urlPath !== '') entries.set(urlPath, entry);
    }
  };
  walk(root, '');
  return entries;
}

/** The entry of one file and its twins (see {@link Variant}). */
function entryOf(file: string, immutable: boolean, csp: string | undefined): StaticEntry {
  const stats = statSync(file);
  const type = TYPES[extname(file)] ?? 'application/octet-stream';
  const common: [string, string][] = [
    ...Object.entries(SECURITY_HEADERS),
    ['Content-Type', type],
    ['Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300'],
    ['Last-Modified', stats.mtime.toUTCString()],
    ['Vary', 'Accept-Encoding'],
  ];
  if (type.startsWith('text/html')) common.push(['Content-Security-Policy', mergeCsp(csp ?? null)]);
  const variant = (path: string, size: number, encoding: Encoding | undefined): Variant => {
    const etag = `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
    const own: [string, string][] = [
      ...common,
      ['ETag', etag],
      ...(encoding ? [['Content-Encoding', encoding] as [string, string]] : []),
    ];
    return {
      file: path,
      size,
      body: size <= MAX_IN_MEMORY ? readFileSync(path) : undefined,
      headers: [...own, ['Content-Length', String(size)]].flat(),
      notModified: own.flat(),
      etag,
    };
  };
  const variants: StaticEntry['variants'] = { identity: variant(file, stats.size, undefined) };
  const twins = new Set<string>();
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    const twin = statOrNull(file + suffix);
    if (!twin?.isFile()) continue;
    twins.add(encoding);
    variants[encoding] = variant(file + suffix, twin.size, encoding);
  }
  return { variants, twins };
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
