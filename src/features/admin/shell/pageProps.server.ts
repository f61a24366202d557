/**
 * What an admin page hands its screen island: the `admin.*` messages of the page's locale and the chains
 * this server runs (names for tables, choices for forms and filters). Server side only: it reads the
 * message table and the server's chain configuration.
 */
import { serverChains } from '~/features/chains/config.server';
import ja from '~/features/i18n/ja.json';
import { pickMessages, type Translate } from '~/features/i18n/t';
import type { ChainChoice } from './adminFormat';
import { type AdminMessageKey, type AdminMessages, isAdminMessageKey } from './adminText';

const ADMIN_KEYS: readonly AdminMessageKey[] = Object.keys(ja).filter(isAdminMessageKey);

/** Every admin message in the locale of `t`. */
export function adminMessages(t: Translate): AdminMessages {
  return pickMessages(t, ADMIN_KEYS);
}

/** The chains this server runs, in selector order. */
export function adminChains(): ChainChoice[] {
  return serverChains().map((chain) => ({ chainId: chain.chainId, chainName: chain.chainName }));
}
