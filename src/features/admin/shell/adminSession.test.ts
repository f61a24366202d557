import { beforeEach, describe, expect, test } from 'vitest';
import { type ApiClient, ApiError } from '~/client/api';
import { $currentAdmin, setAdmin } from '~/features/session/store';
import {
  type AdminSessionDeps,
  adminFetchFailure,
  adminLogout,
  checkCurrentAdmin,
  handleAdminError,
} from './adminSession';

/** A page with a fake API client that answers `current_admin` with `answer` and records what happens. */
function page(answer: () => Promise<unknown>) {
  const calls: string[] = [];
  const flashes: string[] = [];
  const visits: string[] = [];
  const client = {
    get: async (path: string) => {
      calls.push(`GET ${path}`);
      return answer();
    },
    del: async (path: string) => {
      calls.push(`DELETE ${path}`);
      return {};
    },
  } as unknown as ApiClient;
  const deps: AdminSessionDeps = {
    client,
    go: (path) => visits.push(path),
    flash: (key, color = 'primary') => flashes.push(`${color}:${key}`),
    paths: { session: '/en/admin-session', home: '/en' },
  };
  return { deps, calls, flashes, visits };
}

beforeEach(() => setAdmin(null));

describe('the admin check on mount', () => {
  test('a signed-in admin is stored and the page stays', async () => {
    const { deps, visits } = page(async () => ({ currentAdmin: { uid: 'admin' } }));
    expect(await checkCurrentAdmin(deps)).toEqual({ uid: 'admin' });
    expect($currentAdmin.get()).toEqual({ uid: 'admin' });
    expect(visits).toEqual([]);
  });

  test('no admin (401) or a user session (403) goes to the admin sign-in page', async () => {
    for (const status of [401, 403]) {
      const { deps, visits, flashes, calls } = page(async () => {
        throw new ApiError(status, 'no', null);
      });
      expect(await checkCurrentAdmin(deps)).toBeNull();
      expect(visits).toEqual(['/en/admin-session']);
      expect(flashes).toEqual(['alert:sessions.requireAdminLogin']);
      expect(calls).not.toContain('DELETE /api/v1/admin_session');
    }
  });

  test('any other failure logs the admin out and goes home with report.failure', async () => {
    setAdmin({ uid: 'admin' });
    const { deps, visits, flashes, calls } = page(async () => {
      throw new ApiError(500, 'Internal server error', null);
    });
    expect(await checkCurrentAdmin(deps)).toBeNull();
    expect(calls).toEqual(['GET /api/v1/admins/current_admin', 'DELETE /api/v1/admin_session']);
    expect(flashes).toEqual(['alert:report.failure']);
    expect(visits).toEqual(['/en']);
    expect($currentAdmin.get()).toBeNull();
  });
});

describe('failed fetches and logout', () => {
  test('a network error while fetching admin data is an admin fetch failure', async () => {
    const { deps, visits, flashes } = page(async () => ({}));
    await handleAdminError(deps, new TypeError('Failed to fetch'));
    expect([visits, flashes]).toEqual([['/en'], ['alert:report.failure']]);
  });

  test('an admin fetch failure still goes home when the logout call fails too', async () => {
    const { deps, visits } = page(async () => ({}));
    deps.client.del = async () => {
      throw new ApiError(500, 'down', null);
    };
    await adminFetchFailure(deps);
    expect(visits).toEqual(['/en']);
  });

  test('logout ends the session, clears the admin and goes home signed out', async () => {
    setAdmin({ uid: 'admin' });
    const { deps, calls, flashes, visits } = page(async () => ({}));
    await adminLogout(deps);
    expect(calls).toEqual(['DELETE /api/v1/admin_session']);
    expect($currentAdmin.get()).toBeNull();
    expect([flashes, visits]).toEqual([['primary:sessions.loggedOut'], ['/en']]);
  });
});
