import { atom, computed } from 'nanostores';

/**
 * The signed-in wallet user as `GET /api/v1/current_user` returns it.
 * @see spec §3 "currentUser"
 */
export interface CurrentUser {
  id: number;
  walletAddress: string;
  /** "illustrator" is the one value the spec names; others are ordinary wallet users. */
  role: string;
  userProfile: {
    name: string | null;
    /** The English name, for the English pages (an illustrator's English name), or null. */
    nameEn?: string | null;
    image: { icon: string | null; thumb: string | null };
  };
}

/** The signed-in admin (separate session). @see spec §3 "currentAdmin" */
export interface CurrentAdmin {
  uid: string;
}

/**
 * Where start-up stopped: `null` while it has not run (or was reset), `'done'` when the user is
 * signed in and the startup functions ran.
 * @see spec §4 "Start-up"
 */
export type AuthStep = 'wallet locked' | 'not logged in' | 'no account' | 'no wallet' | 'done' | null;

/** The signed-in wallet user, or null. @see spec §3 "currentUser" */
export const $currentUser = atom<CurrentUser | null>(null);

/** The signed-in admin, or null. @see spec §3 "currentAdmin" */
export const $currentAdmin = atom<CurrentAdmin | null>(null);

/**
 * Whether a wallet user is signed in. Derived from `$currentUser` so the flag and the user can
 * never disagree.
 * @see spec §3 "Global state: isLoggedIn"
 */
export const $isLoggedIn = computed($currentUser, (user) => user !== null);

/** The address the wallet currently exposes, or null (locked or no wallet). @see spec §3 "ownAddress" */
export const $ownAddress = atom<string | null>(null);

/** The wallet's numeric network id; 1 until a wallet says otherwise. @see spec §9 "Default network id 1" */
export const $networkId = atom<number>(1);

/** The start-up step reached. @see spec §4 "Start-up" */
export const $authStep = atom<AuthStep>(null);

/** True while a sign-in runs; a second sign-in is ignored meanwhile. @see spec §4 "Sign-in" */
export const $signingIn = atom<boolean>(false);

/** Bumped by `clearSession` so a start-up still running from before a logout cannot write stale state. */
let startupGeneration = 0;

/** Stores the signed-in user (and with it the logged-in flag). @see spec §4 "Sign-in" */
export function setCurrentUser(user: CurrentUser | null): void {
  $currentUser.set(user);
}

/**
 * Forgets the wallet session in the browser: address, user, logged-in flag, and start-up (so it can
 * run again). Navigation home and the server-side logout call are the caller's job.
 * @see spec §4 "Logout"
 */
export function clearSession(): void {
  startupGeneration += 1;
  $ownAddress.set(null);
  $currentUser.set(null);
  $authStep.set(null);
}

/** Stores the signed-in admin. @see spec §6 "Admin layout pages check the current admin" */
export function setAdmin(admin: CurrentAdmin | null): void {
  $currentAdmin.set(admin);
}

/** Forgets the admin session in the browser. @see spec §4 "Admin logout clears admin state" */
export function clearAdmin(): void {
  $currentAdmin.set(null);
}

/** What start-up needs from the wallet and the API, injected so the state machine stays pure. */
export interface StartupDeps {
  /** Reads the wallet's account and network; throws when there is no wallet at all. */
  readWallet(): Promise<{ address: string | null; networkId: number | null }>;
  /** Asks the API who is signed in (`GET /api/v1/current_user`); null when nobody is. */
  fetchLoginState(): Promise<CurrentUser | null>;
  /** Everything that runs once a signed-in user is known (web3 setup and the like). */
  startupFunctions(): Promise<void>;
}

/**
 * Runs start-up: read the wallet, then the login state, then the startup functions, stopping at
 * the first step that cannot go on, and records where it stopped in `$authStep`.
 * A failing login-state fetch counts as "not logged in" (the spec logs out on that failure).
 * If `clearSession` runs meanwhile, this run stops writing and resolves with `null`.
 * @returns the step reached (also in `$authStep`).
 * @see spec §4 "Start-up"
 */
export async function runStartup(deps: StartupDeps): Promise<AuthStep> {
  const generation = ++startupGeneration;
  const current = () => generation === startupGeneration;
  const finish = (step: AuthStep): AuthStep => {
    if (!current()) return null;
    $authStep.set(step);
    return step;
  };
  $authStep.set(null);

  let wallet: Awaited<ReturnType<StartupDeps['readWallet']>>;
  try {
    wallet = await deps.readWallet();
  } catch {
    return finish('no wallet');
  }
  if (!current()) return null;
  $ownAddress.set(wallet.address);
  if (wallet.networkId !== null) $networkId.set(wallet.networkId);
  if (!wallet.address) return finish('wallet locked');

  let user: CurrentUser | null;
  try {
    user = await deps.fetchLoginState();
  } catch {
    user = null;
  }
  if (!current()) return null;
  setCurrentUser(user);
  if (!user) return finish('not logged in');

  try {
    await deps.startupFunctions();
  } catch {
    return finish('no account');
  }
  return finish('done');
}

/**
 * Runs a sign-in unless one is already in progress, keeping `$signingIn` true meanwhile.
 * @returns the sign-in's result, or `undefined` when it was ignored because another one runs.
 * @see spec §4 "Sign-in: Ignored while another sign-in is in progress"
 */
export async function signInOnce<T>(fn: () => Promise<T>): Promise<T | undefined> {
  if ($signingIn.get()) return undefined;
  $signingIn.set(true);
  try {
    return await fn();
  } finally {
    $signingIn.set(false);
  }
}
