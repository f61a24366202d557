/**
 * Social login through Web3Auth (spec §4 "Social login with a verifier"): `@web3auth/modal` is imported only
 * here and only when the person chooses social login (it is large and reaches Web3Auth's hosts as soon as
 * it loads), and only when a Web3Auth client id is configured. The connection's EIP-1193 provider then
 * signs the same one-time sign-in message as a browser wallet. The chosen login is remembered in this
 * browser ("cache the verifier") so that logout also ends the Web3Auth session (social logout).
 *
 * @see ../session/signInAndReload.ts, ../session/logout.ts
 */
import type { Eip1193Provider } from './eip1193';
import { SOCIAL_LOGIN_KEY, type SocialLoginConfig } from './socialLoginConfig';

/** Thrown when social login is not possible: not configured, Web3Auth unreachable, or closed by the person. */
export class SocialLoginError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'SocialLoginError';
  }
}

async function web3Auth(config: SocialLoginConfig) {
  if (!config.clientId) throw new SocialLoginError('Social login is not configured');
  const { Web3Auth } = await import('@web3auth/modal');
  const instance = new Web3Auth({ clientId: config.clientId, web3AuthNetwork: config.network ?? 'sapphire_mainnet' });
  await instance.init();
  return instance;
}

/** Opens Web3Auth's login and answers the connected wallet's provider (the browser marks a social login). */
export async function connectSocial(
  config: SocialLoginConfig,
  storage: Storage = localStorage,
): Promise<Eip1193Provider> {
  let provider: Eip1193Provider | null | undefined;
  try {
    const instance = await web3Auth(config);
    provider = (await instance.connect())?.ethereumProvider as Eip1193Provider | null | undefined;
  } catch (error) {
    throw error instanceof SocialLoginError ? error : new SocialLoginError('Social login failed', error);
  }
  if (!provider) throw new SocialLoginError('Social login was closed');
  storage.setItem(SOCIAL_LOGIN_KEY, '1');
  return provider;
}

/** Whether this browser's session came from social login. */
export function isSocialLogin(storage: Storage = localStorage): boolean {
  return storage.getItem(SOCIAL_LOGIN_KEY) === '1';
}

/** Ends the Web3Auth session of a social login (a failure there does not stop the site's logout). */
export async function socialLogout(config: SocialLoginConfig, storage: Storage = localStorage): Promise<void> {
  storage.removeItem(SOCIAL_LOGIN_KEY);
  try {
    const instance = await web3Auth(config);
    if (instance.connected) await instance.logout();
  } catch (error) {
    console.warn('Web3Auth logout failed', error);
  }
}
