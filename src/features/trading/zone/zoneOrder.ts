/**
 * Whether a stored order (its JSON as signed) is restricted to the chain's Kirafuda zone: its fills then need the
 * server's signature, so the server alone can end it (a cancel on Kirafuda, without gas). Orders stored before the
 * zone are open and end only on chain.
 */
import type { Chain } from '~/features/chains/chains';
import { parseOrderJson } from '../seaport/orderJson';
import { isRestricted } from '../seaport/seaportTypes';

/** Whether `stored` names `chain`'s zone and is restricted to it. */
export function isZoneOrder(stored: unknown, chain: { contracts: Pick<Chain['contracts'], 'zone'> }): boolean {
  const order = parseOrderJson(stored);
  return order !== undefined && isRestricted(order) && order.zone.toLowerCase() === chain.contracts.zone.toLowerCase();
}
