/**
 * A wallet for browser tests, given to the page the way an extension does: an EIP-1193 provider
 * injected before any page script runs, announced through EIP-6963 and set as `window.ethereum`.
 * Every request goes to the test process, where a viem local account answers accounts, signing and
 * chain switching; other calls go to an RPC (anvil) when one is given. Switches make it refuse (4001)
 * or emit `accountsChanged` / `chainChanged`, to test those flows.
 * @see docs/architecture.md "Tests"
 */
import type { Page } from 'playwright-core';
import { createPublicClient, createWalletClient, type Hex, hexToString, http, isHex, toHex } from 'viem';
import { mnemonicToAccount, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { ANVIL_MNEMONIC } from '../../src/dev/seed/accounts.ts';

/** anvil's default development keys (public test keys, never funded outside a local chain). */
export const ANVIL_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
] as const satisfies readonly Hex[];

/** The private key of anvil development account `index` (m/44'/60'/0'/0/index of its public mnemonic). */
export function anvilKey(index: number): Hex {
  const key = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index }).getHdKey().privateKey;
  if (!key) throw new Error(`no key for anvil account ${index}`);
  return toHex(key);
}

export interface TestWalletOptions {
  key?: Hex;
  chainId?: number;
  /** Chain ids the wallet knows; switching to another answers 4902 until it is added. */
  knownChains?: number[];
  /** RPC to pass reads and transactions to (anvil); without it they fail. */
  rpcUrl?: string;
}

export interface TestWallet {
  account: PrivateKeyAccount;
  readonly chainId: number;
  /** Every method the page called, in order. */
  calls: string[];
  /** Every transaction the page asked the wallet to send (`eth_sendTransaction` params), in order. */
  transactions: Record<string, string | undefined>[];
  /** Makes the next signing or connection requests fail with 4001 (user rejected). */
  refuse: (value: boolean) => void;
  /**
   * Keeps the next `personal_sign` prompts open (as a person reading the message does) until `release()`;
   * resolves `prompted` when one is waiting.
   */
  holdSigning: () => { prompted: Promise<string>; release: () => void };
  /** Switches account and tells the page (`accountsChanged`). */
  changeAccount: (key: Hex) => Promise<void>;
  /** Changes chain and tells the page (`chainChanged`). */
  changeChain: (chainId: number) => Promise<void>;
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Installs the wallet in a page (call before the first navigation). */
export async function installTestWallet(page: Page, options: TestWalletOptions = {}): Promise<TestWallet> {
  let account = privateKeyToAccount(options.key ?? ANVIL_KEYS[0]);
  let chainId = options.chainId ?? 1;
  const known = new Set(options.knownChains ?? [1, 56, 8217, 137]);
  let refusing = false;
  let connected = false;
  let hold: { prompted: (message: string) => void; released: Promise<void> } | null = null;
  const calls: string[] = [];
  const transactions: Record<string, string | undefined>[] = [];
  const rpc = options.rpcUrl ? createPublicClient({ transport: http(options.rpcUrl) }) : null;

  /** Signs the transaction with the wallet's own key (as an extension does) and sends it raw. */
  async function send(tx: Record<string, string | undefined>): Promise<Hex> {
    if (!options.rpcUrl) throw new RpcError(4200, 'The test wallet has no RPC to send transactions to');
    if (refusing) throw new RpcError(4001, 'User rejected the request.');
    transactions.push(tx);
    const big = (value: string | undefined) => (value === undefined ? undefined : BigInt(value));
    const signer = createWalletClient({ account, transport: http(options.rpcUrl) });
    const fees =
      tx['gasPrice'] !== undefined
        ? { gasPrice: big(tx['gasPrice']) }
        : { maxFeePerGas: big(tx['maxFeePerGas']), maxPriorityFeePerGas: big(tx['maxPriorityFeePerGas']) };
    return signer.sendTransaction({
      chain: null,
      to: tx['to'] as Hex | undefined,
      data: tx['data'] as Hex | undefined,
      value: big(tx['value']),
      gas: big(tx['gas']),
      ...fees,
    } as Parameters<typeof signer.sendTransaction>[0]);
  }

  async function handle(method: string, params: unknown[]): Promise<unknown> {
    calls.push(method);
    switch (method) {
      case 'eth_requestAccounts':
        // Like a real wallet, it asks only until the site is connected, then answers without a prompt.
        if (refusing && !connected) throw new RpcError(4001, 'User rejected the request.');
        connected = true;
        return [account.address];
      case 'eth_accounts':
        return [account.address];
      case 'eth_chainId':
        return `0x${chainId.toString(16)}`;
      case 'net_version':
        return String(chainId);
      case 'personal_sign': {
        if (refusing) throw new RpcError(4001, 'User rejected the request.');
        const [data] = params as [string, string];
        const message = isHex(data) ? { raw: data as Hex } : data;
        if (hold) {
          hold.prompted(isHex(data) ? hexToString(data as Hex) : data);
          await hold.released;
        }
        return account.signMessage({ message: typeof message === 'string' ? message : message });
      }
      case 'eth_signTypedData_v4': {
        if (refusing) throw new RpcError(4001, 'User rejected the request.');
        const [, json] = params as [string, string];
        const typed = JSON.parse(json);
        const { EIP712Domain: _domain, ...types } = typed.types;
        return account.signTypedData({
          domain: typed.domain,
          types,
          primaryType: typed.primaryType,
          message: typed.message,
        });
      }
      case 'eth_sendTransaction':
        return send((params as [Record<string, string | undefined>])[0]);
      case 'wallet_switchEthereumChain': {
        const [{ chainId: hex }] = params as [{ chainId: string }];
        const next = Number.parseInt(hex, 16);
        if (!known.has(next)) throw new RpcError(4902, 'Unrecognized chain ID.');
        if (refusing) throw new RpcError(4001, 'User rejected the request.');
        chainId = next;
        await emit('chainChanged', hex, false);
        return null;
      }
      case 'wallet_addEthereumChain': {
        const [{ chainId: hex }] = params as [{ chainId: string }];
        known.add(Number.parseInt(hex, 16));
        return null;
      }
      default:
        if (!rpc) throw new RpcError(4200, `The test wallet has no RPC for ${method}`);
        return rpc.request({ method: method as never, params: params as never });
    }
  }

  async function emit(event: string, value: unknown, waitForListener = true) {
    // The page subscribes once its scripts have run: wait for a listener so the event is not lost.
    if (waitForListener)
      await page.waitForFunction(
        (name) =>
          ((window as unknown as { __testWalletListeners?: (n: string) => number }).__testWalletListeners?.(name) ??
            0) > 0,
        event,
      );
    await page.evaluate(
      ([name, payload]) =>
        (window as unknown as { __testWalletEmit: (n: string, p: unknown) => void }).__testWalletEmit(
          name as string,
          payload,
        ),
      [event, value] as const,
    );
  }

  await page.exposeBinding('__testWalletRequest', async (_source, method: string, params: unknown[]) => {
    try {
      return { result: await handle(method, params ?? []) };
    } catch (error) {
      if (error instanceof RpcError) return { error: { code: error.code, message: error.message } };
      // As a real wallet does, pass on the node's own words (viem keeps them in `details`), e.g. anvil's
      // "Insufficient funds for gas * price + value".
      const details = (error as { details?: unknown }).details;
      const message =
        typeof details === 'string' && details ? details : error instanceof Error ? error.message : String(error);
      return { error: { code: -32603, message } };
    }
  });

  await page.addInitScript(() => {
    type Listener = (...args: unknown[]) => void;
    const listeners = new Map<string, Set<Listener>>();
    const provider = {
      isMetaMask: false,
      async request({ method, params }: { method: string; params?: unknown[] }) {
        const answer = await (
          window as unknown as {
            __testWalletRequest: (
              m: string,
              p: unknown[],
            ) => Promise<{ result?: unknown; error?: { code: number; message: string } }>;
          }
        ).__testWalletRequest(method, params ?? []);
        if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code });
        return answer.result;
      },
      on(event: string, listener: Listener) {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event)?.add(listener);
      },
      removeListener(event: string, listener: Listener) {
        listeners.get(event)?.delete(listener);
      },
    };
    (window as unknown as Record<string, unknown>).__testWalletListeners = (event: string) =>
      listeners.get(event)?.size ?? 0;
    (window as unknown as Record<string, unknown>).__testWalletEmit = (event: string, payload: unknown) => {
      for (const listener of listeners.get(event) ?? []) listener(payload);
    };
    (window as unknown as Record<string, unknown>).ethereum = provider;
    const info = {
      uuid: '8d0d8c6a-0a5e-4c56-9a66-4c1c1d6b7a01',
      name: 'Test Wallet',
      icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/%3E',
      rdns: 'dev.kirafuda.testwallet',
    };
    const announce = () =>
      window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
    window.addEventListener('eip6963:requestProvider', announce);
    announce();
  });

  return {
    get account() {
      return account;
    },
    get chainId() {
      return chainId;
    },
    calls,
    transactions,
    refuse: (value) => {
      refusing = value;
    },
    holdSigning: () => {
      let release: () => void = () => {};
      let prompted: (message: string) => void = () => {};
      const released = new Promise<void>((resolve) => {
        release = () => {
          hold = null;
          resolve();
        };
      });
      const asked = new Promise<string>((resolve) => {
        prompted = resolve;
      });
      hold = { prompted, released };
      return { prompted: asked, release };
    },
    changeAccount: async (key) => {
      account = privateKeyToAccount(key);
      await emit('accountsChanged', [account.address]);
    },
    changeChain: async (next) => {
      chainId = next;
      await emit('chainChanged', `0x${next.toString(16)}`);
    },
  } as TestWallet;
}
