import type { FlashKey } from '~/ui/snackbar/flash';
import { ILLUSTRATOR_ROLE, type SessionAdmin, type SessionUser } from './types';

/**
 * The route guards of the spec, by name. Each takes what is known of the visitor and either lets the
 * request pass or names where to send it and which alert to show there.
 * @see docs/product-spec.md §2 (Route guards), §6 (Roles and permissions)
 */
export const GUARD_NAMES = [
  'authenticated-admin',
  'authenticated-illustrators',
  'authenticated-wallet',
  'authenticated',
  'chain-selection',
  'forbid-illustrators',
  'redirect-new-version',
] as const;

export type GuardName = (typeof GUARD_NAMES)[number];

export interface GuardInput {
  user: SessionUser | null;
  admin: SessionAdmin | null;
  /**
   * The wallet proven for this session (server: the address that signed in; browser: the wallet's
   * current account). `null` when no wallet is connected, as for an illustrator's password session.
   */
  connectedWallet: string | null;
}

export type GuardResult = { pass: true } | { pass: false; redirect: string; alert?: FlashKey };

const pass: GuardResult = { pass: true };

/** The guards by name. */
export const guards: Readonly<Record<GuardName, (input: GuardInput) => GuardResult>> = {
  'authenticated-admin': ({ admin }) =>
    admin ? pass : { pass: false, redirect: '/admin-session', alert: 'sessions.requireAdminLogin' },
  'authenticated-illustrators': ({ user }) =>
    user?.role === ILLUSTRATOR_ROLE ? pass : { pass: false, redirect: '/', alert: 'sessions.requireIllustratorLogin' },
  'authenticated-wallet': ({ user, connectedWallet }) =>
    user && connectedWallet && connectedWallet.toLowerCase() === user.walletAddress.toLowerCase()
      ? pass
      : { pass: false, redirect: '/', alert: 'sessions.requireWalletLogin' },
  authenticated: ({ user }) => (user ? pass : { pass: false, redirect: '/session', alert: 'sessions.requireLogin' }),
  // The chain itself is chosen by the chain-selection step that runs first on every request.
  'chain-selection': () => pass,
  'forbid-illustrators': ({ user }) =>
    user && user.role !== ILLUSTRATOR_ROLE
      ? pass
      : { pass: false, redirect: '/', alert: 'sessions.illustratorsNotAllowed' },
  // A signed-in visitor has nothing to do on the sign-in pages of the old flow: send them to the new home.
  'redirect-new-version': ({ user }) => (user ? { pass: false, redirect: '/' } : pass),
};

/** Thrown when a route names a guard that does not exist; answered with 500 "Unknown middleware {name}". */
export class UnknownMiddlewareError extends Error {
  readonly status = 500;
  constructor(readonly guardName: string) {
    super(`Unknown middleware ${guardName}`);
    this.name = 'UnknownMiddlewareError';
  }
}

function isGuardName(name: string): name is GuardName {
  return (GUARD_NAMES as readonly string[]).includes(name);
}

/**
 * Runs the named guards in order and returns the first refusal, or a pass.
 * @throws UnknownMiddlewareError for a name that is not a guard (checked before any guard runs).
 */
export function runGuards(names: readonly string[], input: GuardInput): GuardResult {
  for (const name of names) if (!isGuardName(name)) throw new UnknownMiddlewareError(name);
  for (const name of names as readonly GuardName[]) {
    const result = guards[name](input);
    if (!result.pass) return result;
  }
  return pass;
}
