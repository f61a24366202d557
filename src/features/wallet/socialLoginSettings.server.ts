/**
 * Whether social login is offered, read from the server's settings at run time (like the chain settings), so
 * one build serves deployments with and without Web3Auth: `PUBLIC_WEB3AUTH_CLIENT_ID` (the
 * public client id of the Web3Auth dashboard project; empty = no social login) and `WEB3AUTH_NETWORK`
 * (`sapphire_mainnet` by default, or `sapphire_devnet`). The client id is public by design: it goes to the
 * browser, which needs it to open Web3Auth's login.
 *
 * @see ./socialLogin.ts
 */
import type { Settings } from '~/server/settings/schema';
import type { SocialLoginConfig } from './socialLoginConfig';

/** The social login settings, or null when no client id is configured. */
export function socialLoginSettings(
  settings: Pick<Settings, 'PUBLIC_WEB3AUTH_CLIENT_ID' | 'WEB3AUTH_NETWORK'>,
): SocialLoginConfig | null {
  const clientId = settings.PUBLIC_WEB3AUTH_CLIENT_ID;
  if (!clientId) return null;
  const network = settings.WEB3AUTH_NETWORK;
  return network ? { clientId, network } : { clientId };
}
