/*
 * The fake `fetchImpl` below stands in for the network: it is the HTTP boundary the client is
 * written against, and it lets each test script the server's answers (401 TOKEN_EXPIRED, a failed
 * refresh) that a real server only gives at awkward moments.
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, searchIncremental } from './api';
import { $inFlight, $isRequestLoading } from './requestState';

interface Call {
  method: string;
  url: string;
  init: RequestInit;
}

type Handler = (call: Call) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

const expired = () => json(401, { message: 'TOKEN_EXPIRED' });

function fakeFetch(handler: Handler) {
  const calls: Call[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = { method: init.method ?? 'GET', url: String(input), init };
    calls.push(call);
    return handler(call);
  }) as typeof fetch;
  return { calls, fetchImpl, routes: () => calls.map((c) => `${c.method} ${c.url}`) };
}

describe('createApiClient', () => {
  it('sends cookies, the fixed headers and a JSON body to the API host', async () => {
    const net = fakeFetch(() => json(200, { ok: true }));
    const api = createApiClient({ baseUrl: 'https://api.example', apiKey: 'secret', fetchImpl: net.fetchImpl });

    await expect(api.post('/api/v1/illegal_report', { token_id: 5, type: 1, details: 'x' })).resolves.toEqual({
      ok: true,
    });

    const [call] = net.calls;
    expect(call?.url).toBe('https://api.example/api/v1/illegal_report');
    expect(call?.init.credentials).toBe('include');
    expect(call?.init.headers).toEqual({
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-Api-Key': 'secret',
      'Content-Type': 'application/json',
    });
    expect(call?.init.body).toBe('{"token_id":5,"type":1,"details":"x"}');
  });

  it('puts query parameters in the URL and leaves out empty ones', async () => {
    const net = fakeFetch(() => json(200, {}));
    const api = createApiClient({ fetchImpl: net.fetchImpl });
    await api.get('/api/v1/owner_of', { query: { token_id: 12, contract_address: '0xab&c', skip: undefined } });
    expect(net.routes()).toEqual(['GET /api/v1/owner_of?token_id=12&contract_address=0xab%26c']);
    expect(net.calls[0]?.init.body).toBeUndefined();
  });

  it('uses PUT and DELETE for put and del', async () => {
    const net = fakeFetch(() => new Response(null, { status: 204 }));
    const api = createApiClient({ fetchImpl: net.fetchImpl });
    await expect(api.put('/api/v1/passwords', { password: 'a', retype: 'a' })).resolves.toBeUndefined();
    await api.del('/api/v1/admin_session');
    expect(net.routes()).toEqual(['PUT /api/v1/passwords', 'DELETE /api/v1/admin_session']);
  });

  it('rejects with ApiError carrying the status, the server message and the body', async () => {
    const body = { message: 'Password is too short', field: 'password' };
    const api = createApiClient({ fetchImpl: fakeFetch(() => json(422, body)).fetchImpl });
    const error = await api.put('/api/v1/passwords', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'Password is too short', body });
  });

  it('gives a generic message when the error body has none', async () => {
    const api = createApiClient({
      fetchImpl: fakeFetch(() => new Response('boom', { status: 500 })).fetchImpl,
    });
    await expect(api.get('/api/v1/current_user')).rejects.toMatchObject({ status: 500, body: 'boom' });
  });

  it('raises the loading flag during a request and lowers it after', async () => {
    let seenDuring: boolean | undefined;
    const api = createApiClient({
      fetchImpl: fakeFetch(() => {
        seenDuring = $isRequestLoading.get();
        return json(200, {});
      }).fetchImpl,
    });
    await api.get('/api/v1/current_user');
    expect(seenDuring).toBe(true);
    expect($isRequestLoading.get()).toBe(false);
    expect($inFlight.get()).toBe(0);
  });

  it('refreshes an expired token once and retries the request', async () => {
    let refreshed = false;
    const net = fakeFetch(({ url }) => {
      if (url === '/api/v1/refresh') {
        refreshed = true;
        return new Response(null, { status: 204 });
      }
      return refreshed ? json(200, { currentUser: { id: 1 } }) : expired();
    });
    const onSessionLost = vi.fn();
    const api = createApiClient({ fetchImpl: net.fetchImpl, onSessionLost });

    await expect(api.get('/api/v1/current_user')).resolves.toEqual({ currentUser: { id: 1 } });
    expect(net.routes()).toEqual(['GET /api/v1/current_user', 'POST /api/v1/refresh', 'GET /api/v1/current_user']);
    expect(onSessionLost).not.toHaveBeenCalled();
  });

  it('retries only once when the retried request is still expired', async () => {
    const net = fakeFetch(({ url }) => (url === '/api/v1/refresh' ? json(200, {}) : expired()));
    const api = createApiClient({ fetchImpl: net.fetchImpl });
    await expect(api.get('/api/v1/current_user')).rejects.toMatchObject({ status: 401 });
    expect(net.routes()).toEqual(['GET /api/v1/current_user', 'POST /api/v1/refresh', 'GET /api/v1/current_user']);
  });

  it('does not refresh on a 401 that is not TOKEN_EXPIRED', async () => {
    const net = fakeFetch(() => json(401, { message: 'UNAUTHORIZED' }));
    const api = createApiClient({ fetchImpl: net.fetchImpl });
    await expect(api.get('/api/v1/current_user')).rejects.toMatchObject({ message: 'UNAUTHORIZED' });
    expect(net.routes()).toEqual(['GET /api/v1/current_user']);
  });

  it('does not refresh when the refresh call itself answers TOKEN_EXPIRED', async () => {
    const net = fakeFetch(() => expired());
    const api = createApiClient({ fetchImpl: net.fetchImpl, onSessionLost: vi.fn() });
    await expect(api.post('/api/v1/refresh')).rejects.toMatchObject({ status: 401 });
    expect(net.routes()).toEqual(['POST /api/v1/refresh']);
  });

  it('deletes the session and reports it lost when the refresh fails', async () => {
    const net = fakeFetch(({ url }) => (url === '/api/v1/refresh' ? json(401, { message: 'INVALID' }) : expired()));
    const onSessionLost = vi.fn();
    const api = createApiClient({ fetchImpl: net.fetchImpl, onSessionLost });

    await expect(api.get('/api/v1/current_user')).rejects.toMatchObject({ message: 'TOKEN_EXPIRED' });
    expect(net.routes()).toEqual(['GET /api/v1/current_user', 'POST /api/v1/refresh', 'DELETE /api/v1/session']);
    expect(onSessionLost).toHaveBeenCalledTimes(1);
  });

  it('still reports the session lost when deleting the session fails too', async () => {
    const net = fakeFetch(({ url }) => {
      if (url === '/api/v1/session') throw new TypeError('Failed to fetch');
      return url === '/api/v1/refresh' ? json(500, {}) : expired();
    });
    const onSessionLost = vi.fn();
    const api = createApiClient({ fetchImpl: net.fetchImpl, onSessionLost });
    await expect(api.get('/api/v1/current_user')).rejects.toBeInstanceOf(ApiError);
    expect(onSessionLost).toHaveBeenCalledTimes(1);
  });

  it('shares one refresh between requests that expire at the same time', async () => {
    let refreshed = false;
    let releaseRefresh: () => void = () => {};
    const net = fakeFetch(({ url }) => {
      if (url === '/api/v1/refresh') {
        return new Promise<Response>((resolve) => {
          releaseRefresh = () => {
            refreshed = true;
            resolve(json(200, {}));
          };
        });
      }
      return refreshed ? json(200, { url }) : expired();
    });
    const api = createApiClient({ fetchImpl: net.fetchImpl });

    const a = api.get('/api/v1/balance_of');
    const b = api.get('/api/v1/owner_of');
    await vi.waitFor(() => expect(net.routes()).toContain('POST /api/v1/refresh'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    releaseRefresh();

    await expect(a).resolves.toEqual({ url: '/api/v1/balance_of' });
    await expect(b).resolves.toEqual({ url: '/api/v1/owner_of' });
    expect(net.routes().filter((r) => r === 'POST /api/v1/refresh')).toHaveLength(1);
  });

  it('passes the abort signal to fetch', async () => {
    const net = fakeFetch(() => json(200, {}));
    const api = createApiClient({ fetchImpl: net.fetchImpl });
    const controller = new AbortController();
    await api.get('/api/v1/balance_of', { signal: controller.signal });
    expect(net.calls[0]?.init.signal).toBe(controller.signal);
  });
});

describe('searchIncremental', () => {
  it('asks for suggestions by keyword and returns categories and illustrators', async () => {
    const item = { name: 'Dragons', image: '/d.png', redirectUrl: '/categories/1', address: '0x1' };
    const net = fakeFetch(() => json(200, { categories: [item] }));
    const api = createApiClient({ fetchImpl: net.fetchImpl });

    await expect(searchIncremental(api, 'ドラゴン')).resolves.toEqual({
      categories: [item],
      illustrators: [],
      cards: [],
    });
    expect(net.routes()).toEqual([
      `GET /api/v1/searches/incremental_search?keyword=${encodeURIComponent('ドラゴン')}&locale=ja`,
    ]);
  });
});
