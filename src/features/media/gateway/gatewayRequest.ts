/**
 * Reads a gateway request: the CID (v0 or v1, any multibase a CID parser takes), the path under it, and the
 * response asked for: the bytes (`/ipfs/{cid}/{path}`), a raw block (`?format=raw` or
 * `Accept: application/vnd.ipld.raw`, only for `/ipfs/{cid}`) or a CAR (`?format=car` or
 * `Accept: application/vnd.ipld.car`, with `dag-scope`). Anything malformed is a clear 400, never an exception.
 *
 * @see https://specs.ipfs.tech/http-gateways/trustless-gateway/, https://specs.ipfs.tech/http-gateways/path-gateway/
 */
import { CID } from 'multiformats/cid';

/** What a request asks for. */
export type GatewayFormat = 'bytes' | 'raw' | 'car';

/** How much of the DAG a CAR holds (the trustless gateway's `dag-scope`). */
export type DagScope = 'all' | 'entity' | 'block';

/** A read request. */
export interface GatewayRequest {
  cid: CID;
  /** Path segments under the CID, decoded. */
  path: string[];
  format: GatewayFormat;
  dagScope: DagScope;
}

/** Longest path accepted (CID and segments), in characters. */
export const MAX_PATH_CHARS = 1_024;
/** Most path segments under a CID. */
export const MAX_SEGMENTS = 16;

export const RAW_TYPE = 'application/vnd.ipld.raw';
export const CAR_TYPE = 'application/vnd.ipld.car';

function formatOf(url: URL, accept: string): GatewayFormat | { error: string } {
  const asked = url.searchParams.get('format');
  if (asked === 'raw') return 'raw';
  if (asked === 'car') return 'car';
  if (asked !== null) return { error: `format=${asked.slice(0, 20)} is not served here (raw, car)` };
  const types = accept.split(',').map((part) => part.split(';')[0]?.trim().toLowerCase());
  for (const type of types) {
    if (type === RAW_TYPE) return 'raw';
    if (type === CAR_TYPE) return 'car';
  }
  return 'bytes';
}

/** The request of `rawPath` (what follows `/ipfs/`), or a 400 reason. */
export function readGatewayRequest(
  rawPath: string,
  url: URL,
  accept: string,
): GatewayRequest | { status: 400; error: string } {
  if (rawPath.length > MAX_PATH_CHARS) return { status: 400, error: 'the path is too long' };
  const format = formatOf(url, accept);
  if (typeof format !== 'string') return { status: 400, error: format.error };
  let segments: string[];
  try {
    segments = rawPath.split('/').map((segment) => decodeURIComponent(segment));
  } catch {
    return { status: 400, error: 'the path is not properly escaped' };
  }
  const [cidText, ...rest] = segments;
  const path = rest.filter((segment) => segment !== '');
  if (path.length > MAX_SEGMENTS) return { status: 400, error: 'the path is too deep' };
  if (path.some((segment) => segment === '.' || segment === '..'))
    return { status: 400, error: 'the path may not hold . or ..' };
  let cid: CID;
  try {
    cid = CID.parse(cidText ?? '');
  } catch {
    return { status: 400, error: 'not a CID' };
  }
  if (format === 'raw' && path.length > 0) return { status: 400, error: 'a raw block is asked for by CID alone' };
  const scope = url.searchParams.get('dag-scope') ?? 'all';
  if (scope !== 'all' && scope !== 'entity' && scope !== 'block')
    return { status: 400, error: 'dag-scope is all, entity or block' };
  return { cid, path, format, dagScope: scope };
}
