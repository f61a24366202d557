/**
 * Social login's settings and the browser's mark of a social session, apart from `socialLogin.ts` so that
 * pages can read them without loading the login code (which is imported only when social login is chosen).
 */

/** localStorage key marking that this browser signed in through social login. */
export const SOCIAL_LOGIN_KEY = 'kirafuda.socialLogin';

/** Web3Auth network of a client id (the dashboard's project setting); sapphire mainnet by default. */
export type Web3AuthNetwork = 'sapphire_mainnet' | 'sapphire_devnet';

/** What social login needs. */
export interface SocialLoginConfig {
  clientId: string;
  network?: Web3AuthNetwork;
}
