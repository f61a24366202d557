/**
 * The wrapper of endpoints that write: the change a handler answers is published once it returned and before its
 * response leaves, the response is the handler's own, and a handler that threw publishes nothing (its error is
 * answered as `apiRoute` answers it).
 */
import type { APIContext } from 'astro';
import { describe, expect, test } from 'vitest';
import { conflict } from './errors';
import { writeRoutes } from './handler';
import { json } from './respond';

const context = () => {
  const url = new URL('http://localhost/api/v1/things');
  return { request: new Request(url, { method: 'POST' }), url } as unknown as APIContext;
};

describe('writeRoutes', () => {
  test('publishes the change a handler answered before its response leaves, and answers that response', async () => {
    const seen: string[] = [];
    const writeRoute = writeRoutes<string>(async (change) => {
      seen.push(`published ${change}`);
    });
    const route = writeRoute(async () => {
      seen.push('handled');
      return { response: json({ ok: true }, 201, { 'X-Thing': '1' }), change: 'thing 1' };
    });
    const response = (await route(context())) as Response;
    seen.push('answered');
    expect(seen).toEqual(['handled', 'published thing 1', 'answered']);
    expect(response.status).toBe(201);
    expect(response.headers.get('X-Thing')).toBe('1');
    expect(await response.json()).toEqual({ ok: true });
  });

  test('publishes nothing for a handler that answered no change, or threw', async () => {
    const published: string[] = [];
    const writeRoute = writeRoutes<string>(async (change) => {
      published.push(change);
    });
    const unchanged = await writeRoute(async () => ({ response: json({ same: true }) }))(context());
    expect((unchanged as Response).status).toBe(200);
    const refused = (await writeRoute(async () => {
      throw conflict('Sold already');
    })(context())) as Response;
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: 'Sold already' });
    expect(published).toEqual([]);
  });
});
