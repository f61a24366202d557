/**
 * Whether a listing's fill would go through, simulated from the buyer as the cart will send it (Seaport
 * `fulfillAdvancedOrder` through the platform's conduit, with fee fields, on the pending block: see
 * ./simulateAsSent.server.ts). A signature, the seller's card or a payee that makes it revert is the
 * listing's fault, and one such order reverts a whole cart; the buyer's own funds are not (the cart flow
 * checks and approves them after this check), so they flag nothing. The buyer's native balance is raised in
 * the simulation for the same reason.
 */
import { type Address, encodeFunctionData, type Hex } from 'viem';
import type { Chain } from '~/features/chains/chains';
import { advancedOrder, type SignedOrder } from '../seaport/advancedOrder';
import { paymentAt } from '../seaport/orderAmounts';
import { orderHash } from '../seaport/orderHash';
import { seaportAbi } from '../seaport/seaportAbi';
import type { OrderReason } from './orderFacts';
import { blamedParty, revertFacts } from './revertBlame';
import { callAsSent, type FeeFields } from './simulateAsSent.server';

/** Who buys in the simulation when the check is asked without a buyer (a card can be sent there). */
export const STAND_IN_BUYER: Address = '0x000000000000000000000000000000000000dEaD';

/** How the fill is simulated. */
export interface FillCheckOptions {
  buyer: Address;
  /** The conduit the buyer pays through (the platform's, as the cart flow uses). */
  conduitKey: Hex;
  fees: FeeFields;
  /** The moment the price is taken at (unix seconds; a declining price is paid at its highest near now). */
  at: bigint;
}

/**
 * The reason the listing's fill from `options.buyer` reverts for a fault of the listing's, or null when it
 * goes through or fails only for the buyer's own funds. RPC failures reject.
 */
export async function listingFillReason(
  chain: Chain,
  signed: SignedOrder,
  options: FillCheckOptions,
): Promise<OrderReason | null> {
  const { buyer } = options;
  const value = paymentAt([signed.order], options.at).native;
  const data = encodeFunctionData({
    abi: seaportAbi,
    functionName: 'fulfillAdvancedOrder',
    args: [advancedOrder(signed), [], options.conduitKey, buyer],
  });
  const simulated = await callAsSent(chain, {
    from: buyer,
    to: chain.contracts.exchange,
    data,
    value,
    fees: options.fees,
    stateOverride: [{ address: buyer, balance: value + 10n ** 24n }],
  });
  if (simulated.ok) return null;
  const facts = revertFacts(simulated.error);
  if (facts.signature) return 'signature';
  const seller = { offerer: signed.order.offerer, orderHash: orderHash(signed.order), gives: 'erc721' as const };
  if (blamedParty(facts, [seller])) return facts.reason;
  const isBuyer = (address: Address | undefined) => address?.toLowerCase() === buyer.toLowerCase();
  const buyers = facts.fulfiller || facts.token === 'erc20' || isBuyer(facts.from) || isBuyer(facts.payee);
  return buyers ? null : facts.reason;
}
