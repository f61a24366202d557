/**
 * Posts one signed delivery to an endpoint: the URL is checked (./webhookUrl.server.ts) and the connection goes to
 * the address that check approved (the name is not resolved again, so DNS rebinding gains nothing; TLS still
 * verifies the certificate for the name). Redirects (at most {@link MAX_REDIRECTS}) are followed with the same
 * body and headers, each new URL checked as the first; an endpoint has `timeoutMs` to answer. What came back is
 * the status, or the reason nothing did.
 *
 * @see https://www.standardwebhooks.com/ (Delivery), ./signature.ts
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkWebhookUrl, RefusedUrl, type Resolve } from './webhookUrl.server';

/** Redirects followed at most. */
export const MAX_REDIRECTS = 3;
/** Bytes of an answer read at most (the rest is dropped). */
const MAX_ANSWER_BYTES = 16 * 1024;

/** What a delivery attempt came to. */
export type DeliveryOutcome = { status: number } | { error: string };

/** What {@link deliver} needs besides the request. */
export interface DeliverOptions {
  allowLoopback: boolean;
  timeoutMs: number;
  resolve?: Resolve;
}

/** A lookup that answers the checked address only, in whichever form node asks for. */
function pinned(address: string, family: 4 | 6): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as LookupFunction;
}

/** One POST to a checked URL; the status and, for a redirect, where it points. */
function post(
  target: { url: URL; address: string; family: 4 | 6 },
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<{ status: number; location: string | undefined }> {
  const { url } = target;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
        lookup: pinned(target.address, target.family),
        timeout: timeoutMs,
        agent: false,
        ...(url.protocol === 'https:' ? { servername: url.hostname } : {}),
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const done = () =>
          resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? undefined });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', reject);
    request.end(body);
  });
}

/** Delivers `body` with `headers` to `url` (see the module comment). */
export async function deliver(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: DeliverOptions,
): Promise<DeliveryOutcome> {
  let current = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    try {
      const target = await checkWebhookUrl(current, options);
      const answer = await post(target, body, headers, options.timeoutMs);
      if (answer.status >= 300 && answer.status < 400 && answer.location) {
        current = new URL(answer.location, target.url).toString();
        continue;
      }
      return { status: answer.status };
    } catch (error) {
      if (error instanceof RefusedUrl) return { error: `refused: ${error.message}` };
      return { error: String(error instanceof Error ? error.message : error).slice(0, 300) };
    }
  }
  return { error: `more than ${MAX_REDIRECTS} redirects` };
}
