/**
 * Our trustless gateway: `GET /ipfs/{cid}[/{path}]` answered from the media store's blocks, with no daemon and
 * nothing fetched from elsewhere (a CID we do not hold is 404).
 * - bytes: the UnixFS file at the path, `Content-Type` from its content, one `Range` honoured (206/416); a directory
 *   answers a plain list of its entries;
 * - `?format=raw` / `Accept: application/vnd.ipld.raw`: the block of the CID itself (no path);
 * - `?format=car` / `Accept: application/vnd.ipld.car`: a CARv1 of the blocks the path goes through, then the DAG at
 *   its end (`dag-scope` all, entity or block), streamed, at most {@link MAX_CAR_BLOCKS} blocks.
 * Every answer is immutable: `Cache-Control: public, max-age=31536000, immutable`, an ETag naming the CID (and the
 * format), `If-None-Match` answered 304. Malformed requests are 400, a path outside the DAG 404, never a 500.
 *
 * @see https://specs.ipfs.tech/http-gateways/trustless-gateway/, https://specs.ipfs.tech/http-gateways/path-gateway/
 */
import { exporter, type UnixFSEntry } from 'ipfs-unixfs-exporter';
import type { CID } from 'multiformats/cid';
import { type BlockStore, exporterStorage } from '../blockStore';
import { byteRange } from './byteRange';
import { carStream } from './carStream';
import { contentTypeOf } from './contentType';
import { CAR_TYPE, type GatewayRequest, RAW_TYPE, readGatewayRequest } from './gatewayRequest';
import { DagTooLargeError, walkDag } from './walkDag';

/** Blocks one CAR answer carries at most (about a gigabyte of 1 MiB chunks would be far past any card). */
export const MAX_CAR_BLOCKS = 20_000;
/** Files sniffed whole for their type (metadata JSON) are at most this big; larger ones by their head alone. */
const SNIFF_WHOLE_BYTES = 256 * 1024;

const IMMUTABLE = 'public, max-age=31536000, immutable';

const common = (etag: string) => ({
  'Cache-Control': IMMUTABLE,
  ETag: etag,
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'Access-Control-Allow-Origin': '*',
  Vary: 'Accept',
});

function problem(status: number, message: string): Response {
  return new Response(`${message}\n`, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** Whether an error means "not here": an unknown path, a block we lack, a node that is not UnixFS. */
function isNotFound(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return ['NotFoundError', 'BadPathError', 'NoResolverError', 'NotUnixFSError'].includes(String(name));
}

async function readAll(entry: UnixFSEntry, options?: { offset: number; length: number }): Promise<Uint8Array> {
  // Only UnixFS files and raw blocks are served as bytes (the stores hold nothing else).
  if (entry.type === 'directory' || entry.type === 'object') return new Uint8Array();
  const parts: Uint8Array[] = [];
  for await (const part of entry.content(options) as AsyncIterable<Uint8Array>) parts.push(part);
  return Buffer.concat(parts);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

async function directoryListing(entry: UnixFSEntry, base: string, etag: string): Promise<Response> {
  if (entry.type !== 'directory') throw new Error('not a directory');
  const items: string[] = [];
  for await (const child of entry.entries({ length: 1_000 })) {
    const href = `${base}/${encodeURIComponent(child.name)}`;
    items.push(`<li><a href="${escapeHtml(href)}">${escapeHtml(child.name)}</a></li>`);
  }
  const body = `<!doctype html><html lang="en"><meta charset="utf-8"><title>${escapeHtml(base)}</title><h1>${escapeHtml(base)}</h1><ul>${items.join('')}</ul></html>\n`;
  return new Response(body, { headers: { ...common(etag), 'Content-Type': 'text/html; charset=utf-8' } });
}

async function bytesAnswer(request: Request, target: GatewayRequest, store: BlockStore): Promise<Response> {
  const storage = exporterStorage(store);
  const path = [target.cid.toString(), ...target.path].join('/');
  const entry = await exporter(path, storage);
  const etag = `"${entry.cid.toString()}"`;
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: common(etag) });
  if (entry.type === 'directory') return directoryListing(entry, `/ipfs/${path}`, etag);
  const size = Number(entry.size);
  const whole = size <= SNIFF_WHOLE_BYTES ? await readAll(entry) : undefined;
  const head = whole ?? (await readAll(entry, { offset: 0, length: Math.min(size, 4_096) }));
  const headers = {
    ...common(etag),
    'Content-Type': contentTypeOf(head.subarray(0, 4_096), size, whole),
    'Accept-Ranges': 'bytes',
  };
  const range = byteRange(request.headers.get('range'), size);
  if (range === 'unsatisfiable')
    return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } });
  if (request.method === 'HEAD') return new Response(null, { headers: { ...headers, 'Content-Length': String(size) } });
  const from = range ?? { start: 0, end: size - 1 };
  const length = Math.max(0, from.end - from.start + 1);
  const body = whole ? whole.subarray(from.start, from.end + 1) : await readAll(entry, { offset: from.start, length });
  return new Response(body as Uint8Array<ArrayBuffer>, {
    status: range ? 206 : 200,
    headers: {
      ...headers,
      'Content-Length': String(body.length),
      ...(range ? { 'Content-Range': `bytes ${from.start}-${from.end}/${size}` } : {}),
    },
  });
}

async function rawAnswer(request: Request, cid: CID, store: BlockStore): Promise<Response> {
  const etag = `"${cid.toString()}.raw"`;
  const bytes = await store.get(cid);
  if (!bytes) return problem(404, 'This gateway does not hold that block');
  const headers = {
    ...common(etag),
    'Content-Type': RAW_TYPE,
    'Content-Disposition': `attachment; filename="${cid.toString()}.bin"`,
  };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: { ...headers, 'Content-Length': String(bytes.length) },
  });
}

async function carAnswer(request: Request, target: GatewayRequest, store: BlockStore): Promise<Response> {
  const storage = exporterStorage(store);
  const path = [target.cid.toString(), ...target.path].join('/');
  // Resolving the path reads the blocks it goes through: they open the CAR, so a client can verify the path.
  const entry = await exporter(path, storage);
  const terminal = entry.cid.toString();
  const through = [...storage.read.values()].filter((block) => block.cid.toString() !== terminal);
  const etag = `"${target.cid.toString()}.car.${target.path.join('/')}.${target.dagScope}"`;
  const headers = {
    ...common(etag),
    'Content-Type': `${CAR_TYPE}; version=1; order=dfs; dups=n`,
    'Content-Disposition': `attachment; filename="${target.cid.toString()}.car"`,
    'X-Content-Type-Options': 'nosniff',
  };
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
  const seen = new Set(through.map((block) => block.cid.toString()));
  // `block` is the end of the path alone; `entity` the whole file, or a directory's own node; `all` everything.
  const depth = target.dagScope === 'block' || (target.dagScope === 'entity' && entry.type === 'directory');
  async function* blocks() {
    yield* through;
    yield* walkDag(store, entry.cid, { maxBlocks: MAX_CAR_BLOCKS, seen, depth: depth ? 'root' : 'all' });
  }
  return new Response(carStream([target.cid], blocks()), { headers });
}

/** Answers a gateway request for `rawPath`, what follows `/ipfs/` (see the module comment). */
export async function answerGateway(request: Request, rawPath: string, store: BlockStore): Promise<Response> {
  const url = new URL(request.url);
  const target = readGatewayRequest(rawPath, url, request.headers.get('accept') ?? '');
  if ('error' in target) return problem(400, target.error);
  try {
    if (target.format === 'raw') return await rawAnswer(request, target.cid, store);
    if (target.format === 'car') return await carAnswer(request, target, store);
    return await bytesAnswer(request, target, store);
  } catch (error) {
    if (isNotFound(error)) return problem(404, 'Not found on this gateway');
    if (error instanceof DagTooLargeError) return problem(413, 'That DAG is too large for one answer');
    throw error;
  }
}
