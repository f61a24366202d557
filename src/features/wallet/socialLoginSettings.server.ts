/**
 * Whether social login is offered, read from the server's environment at run time (like the chain
 * settings), so one build serves deployments with and without Web3Auth: `PUBLIC_WEB3AUTH_CLIENT_ID` (the
 * public client id of the Web3Auth dashboard project; empty = no social login) and `WEB3AUTH_NETWORK`
 * (`sapphire_mainnet` by default, or `sapphire_devnet`). The client id is public by design: it goes to the
 * browser, which needs it to open Web3Auth's login.
 *
 * @see ./socialLogin.ts
 */
import type { SocialLoginConfig, Web3AuthNetwork } from './socialLoginConfig';

const NETWORKS: readonly Web3AuthNetwork[] = ['sapphire_mainnet', 'sapphire_devnet'];

/** The social login settings, or null when no client id is configured. */
export function socialLoginSettings(env: Record<string, string | undefined> = process.env): SocialLoginConfig | null {
  const clientId = env['PUBLIC_WEB3AUTH_CLIENT_ID']?.trim();
  if (!clientId) return null;
  const network = env['WEB3AUTH_NETWORK']?.trim() as Web3AuthNetwork | undefined;
  if (network && !NETWORKS.includes(network)) {
    throw new Error(`WEB3AUTH_NETWORK must be one of ${NETWORKS.join(', ')}`);
  }
  return network ? { clientId, network } : { clientId };
}
