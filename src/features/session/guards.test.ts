import { describe, expect, it } from 'vitest';
import { GUARD_NAMES, type GuardInput, runGuards, UnknownMiddlewareError } from './guards';
import { guardsForPath } from './routeGuards';
import type { SessionUser } from './types';

const wallet = '0xAbCdEf0000000000000000000000000000000001';
const collector: SessionUser = {
  id: 1,
  walletAddress: wallet,
  role: 'user',
  userProfile: { name: 'A', image: { icon: null, thumb: null } },
};
const illustrator: SessionUser = { ...collector, id: 2, role: 'illustrator' };
const anonymous: GuardInput = { user: null, admin: null, connectedWallet: null };

describe('guards by name (spec §6)', () => {
  it('has the seven guards of the spec', () => {
    expect([...GUARD_NAMES].sort()).toEqual([
      'authenticated',
      'authenticated-admin',
      'authenticated-illustrators',
      'authenticated-wallet',
      'chain-selection',
      'forbid-illustrators',
      'redirect-new-version',
    ]);
  });

  it('authenticated sends a visitor who is not logged in to /session with sessions.requireLogin', () => {
    expect(runGuards(['authenticated'], anonymous)).toEqual({
      pass: false,
      redirect: '/session',
      alert: 'sessions.requireLogin',
    });
    expect(runGuards(['authenticated'], { ...anonymous, user: collector })).toEqual({ pass: true });
  });

  it('authenticated-illustrators turns non-illustrators home with sessions.requireIllustratorLogin', () => {
    expect(runGuards(['authenticated-illustrators'], { ...anonymous, user: collector })).toEqual({
      pass: false,
      redirect: '/',
      alert: 'sessions.requireIllustratorLogin',
    });
    expect(runGuards(['authenticated-illustrators'], { ...anonymous, user: illustrator })).toEqual({ pass: true });
  });

  it('authenticated-wallet refuses when the connected wallet is not the user’s (any letter case is the same wallet)', () => {
    const other = { ...anonymous, user: collector, connectedWallet: '0x0000000000000000000000000000000000000002' };
    expect(runGuards(['authenticated-wallet'], other)).toEqual({
      pass: false,
      redirect: '/',
      alert: 'sessions.requireWalletLogin',
    });
    expect(runGuards(['authenticated-wallet'], { ...other, connectedWallet: wallet.toLowerCase() })).toEqual({
      pass: true,
    });
    expect(runGuards(['authenticated-wallet'], { ...other, connectedWallet: null }).pass).toBe(false);
  });

  it('forbid-illustrators turns away visitors with no user and illustrators', () => {
    const refusal = { pass: false, redirect: '/', alert: 'sessions.illustratorsNotAllowed' };
    expect(runGuards(['forbid-illustrators'], anonymous)).toEqual(refusal);
    expect(runGuards(['forbid-illustrators'], { ...anonymous, user: illustrator })).toEqual(refusal);
    expect(runGuards(['forbid-illustrators'], { ...anonymous, user: collector })).toEqual({ pass: true });
  });

  it('authenticated-admin sends a visitor without an admin session to /admin-session', () => {
    expect(runGuards(['authenticated-admin'], { ...anonymous, user: illustrator })).toMatchObject({
      pass: false,
      redirect: '/admin-session',
    });
    expect(runGuards(['authenticated-admin'], { ...anonymous, admin: { uid: 'root' } })).toEqual({ pass: true });
  });

  it('redirect-new-version sends a signed-in user from the sign-in pages to home, without an alert', () => {
    expect(runGuards(['redirect-new-version'], { ...anonymous, user: collector })).toEqual({
      pass: false,
      redirect: '/',
    });
    expect(runGuards(['redirect-new-version'], anonymous)).toEqual({ pass: true });
  });

  it('chain-selection always lets the request through', () => {
    expect(runGuards(['chain-selection'], anonymous)).toEqual({ pass: true });
  });

  it('returns the first refusal in order', () => {
    expect(runGuards(['authenticated', 'authenticated-illustrators'], anonymous)).toMatchObject({
      redirect: '/session',
    });
    expect(runGuards(['authenticated', 'authenticated-illustrators'], { ...anonymous, user: collector })).toMatchObject(
      { redirect: '/' },
    );
  });

  it('an unknown name throws "Unknown middleware {name}" with status 500 before any guard runs', () => {
    const run = () => runGuards(['authenticated', 'no-such-guard'], anonymous);
    expect(run).toThrow(UnknownMiddlewareError);
    expect(run).toThrow('Unknown middleware no-such-guard');
    try {
      run();
    } catch (error) {
      expect((error as UnknownMiddlewareError).status).toBe(500);
    }
  });
});

describe('which guard protects which route', () => {
  it.each([
    ['/admins', ['authenticated-admin']],
    ['/admins/users/3/edit', ['authenticated-admin']],
    ['/dashboard', ['authenticated', 'authenticated-illustrators']],
    ['/dashboard/passwords', ['authenticated', 'authenticated-illustrators']],
    ['/card_issue', ['authenticated', 'authenticated-illustrators']],
    ['/profiles/edit', ['authenticated', 'forbid-illustrators', 'authenticated-wallet']],
    ['/profile', ['authenticated']],
    ['/session', ['redirect-new-version']],
    ['/connect-wallet', ['redirect-new-version']],
    ['/admin-session', []],
    ['/administrator', []],
    ['/user/0x1', []],
    ['/', []],
  ])('%s -> %j', (path, names) => {
    expect(guardsForPath(path)).toEqual(names);
  });
});
