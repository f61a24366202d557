import { beforeEach, describe, expect, it } from 'vitest';
import {
  $authStep,
  $currentAdmin,
  $currentUser,
  $isLoggedIn,
  $networkId,
  $ownAddress,
  $signingIn,
  type CurrentUser,
  clearAdmin,
  clearSession,
  runStartup,
  type StartupDeps,
  setAdmin,
  setCurrentUser,
  signInOnce,
} from './store';

const alice: CurrentUser = {
  id: 7,
  walletAddress: '0x00000000000000000000000000000000000000a1',
  role: 'illustrator',
  userProfile: { name: 'Alice', image: { icon: null, thumb: null } },
};

/** A start-up step that fails with `message`. */
const failing = (message: string) => async (): Promise<never> => {
  throw new Error(message);
};

function deps(overrides: Partial<StartupDeps> = {}): StartupDeps & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    readWallet: async () => {
      calls.push('readWallet');
      return { address: alice.walletAddress, networkId: 137 };
    },
    fetchLoginState: async () => {
      calls.push('fetchLoginState');
      return alice;
    },
    startupFunctions: async () => {
      calls.push('startupFunctions');
    },
    ...overrides,
  };
}

beforeEach(() => {
  clearSession();
  clearAdmin();
  $networkId.set(1);
});

describe('session store', () => {
  it('starts logged out on network 1 with no start-up step', () => {
    expect($currentUser.get()).toBeNull();
    expect($isLoggedIn.get()).toBe(false);
    expect($networkId.get()).toBe(1);
    expect($authStep.get()).toBeNull();
  });

  it('is logged in exactly while a user is set', () => {
    setCurrentUser(alice);
    expect($isLoggedIn.get()).toBe(true);
    setCurrentUser(null);
    expect($isLoggedIn.get()).toBe(false);
  });

  it('clearSession forgets the address, the user and the start-up step', async () => {
    await runStartup(deps());
    expect($authStep.get()).toBe('done');
    clearSession();
    expect($ownAddress.get()).toBeNull();
    expect($currentUser.get()).toBeNull();
    expect($isLoggedIn.get()).toBe(false);
    expect($authStep.get()).toBeNull();
  });

  it('keeps the admin apart from the wallet user', () => {
    setAdmin({ uid: 'root' });
    clearSession();
    expect($currentAdmin.get()).toEqual({ uid: 'root' });
    clearAdmin();
    expect($currentAdmin.get()).toBeNull();
  });
});

describe('runStartup', () => {
  it('ends at "wallet locked" without asking the API when the wallet exposes no address', async () => {
    const d = deps({ readWallet: async () => ({ address: null, networkId: 1 }) });
    await expect(runStartup(d)).resolves.toBe('wallet locked');
    expect($authStep.get()).toBe('wallet locked');
    expect(d.calls).toEqual([]);
  });

  it('ends at "no wallet" when reading the wallet throws', async () => {
    const d = deps({ readWallet: failing('[Error] There is no Ethereum wallet.') });
    await expect(runStartup(d)).resolves.toBe('no wallet');
    expect($authStep.get()).toBe('no wallet');
  });

  it('ends at "not logged in" when the API knows no user, keeping the wallet address', async () => {
    const d = deps({ fetchLoginState: async () => null });
    await expect(runStartup(d)).resolves.toBe('not logged in');
    expect($ownAddress.get()).toBe(alice.walletAddress);
    expect($isLoggedIn.get()).toBe(false);
    expect(d.calls).toEqual(['readWallet']);
  });

  it('treats a failing login-state fetch as not logged in', async () => {
    const d = deps({ fetchLoginState: failing('401') });
    await expect(runStartup(d)).resolves.toBe('not logged in');
    expect($currentUser.get()).toBeNull();
  });

  it('signs the user in, records the network and runs the startup functions', async () => {
    const d = deps();
    await expect(runStartup(d)).resolves.toBe('done');
    expect($currentUser.get()).toEqual(alice);
    expect($isLoggedIn.get()).toBe(true);
    expect($networkId.get()).toBe(137);
    expect(d.calls).toEqual(['readWallet', 'fetchLoginState', 'startupFunctions']);
  });

  it('keeps the default network when the wallet reports none', async () => {
    await runStartup(deps({ readWallet: async () => ({ address: '0xabc', networkId: null }) }));
    expect($networkId.get()).toBe(1);
  });

  it('ends at "no account" when the startup functions fail', async () => {
    const d = deps({ startupFunctions: failing('no account') });
    await expect(runStartup(d)).resolves.toBe('no account');
    expect($authStep.get()).toBe('no account');
  });

  it('writes nothing when the session is cleared while start-up is still running', async () => {
    let release: ((user: CurrentUser) => void) | undefined;
    const d = deps({
      fetchLoginState: () =>
        new Promise<CurrentUser>((resolve) => {
          release = resolve;
        }),
    });
    const running = runStartup(d);
    while (!release) await Promise.resolve();
    clearSession();
    release(alice);
    await expect(running).resolves.toBeNull();
    expect($currentUser.get()).toBeNull();
    expect($authStep.get()).toBeNull();
    expect(d.calls).not.toContain('startupFunctions');
  });
});

describe('signInOnce', () => {
  it('ignores a second sign-in while the first is in progress', async () => {
    let finish: () => void = () => {};
    let runs = 0;
    const slow = () =>
      new Promise<string>((resolve) => {
        runs += 1;
        finish = () => resolve('signed in');
      });

    const first = signInOnce(slow);
    expect($signingIn.get()).toBe(true);
    await expect(signInOnce(slow)).resolves.toBeUndefined();
    finish();
    await expect(first).resolves.toBe('signed in');
    expect(runs).toBe(1);
    expect($signingIn.get()).toBe(false);
  });

  it('allows a new sign-in after a failed one', async () => {
    await expect(
      signInOnce(async () => {
        throw new Error('1: You need to sign the message to be able to log in.');
      }),
    ).rejects.toThrow('You need to sign');
    expect($signingIn.get()).toBe(false);
    await expect(signInOnce(async () => 'ok')).resolves.toBe('ok');
  });
});
