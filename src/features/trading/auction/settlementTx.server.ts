/**
 * The settlement transaction, simulated as it will be sent and sent as it was simulated: from the settlement
 * account, with the fee fields it will carry, on the pending block (../orders/simulateAsSent.server.ts); its
 * gas limit is the estimate of that same call plus a margin, and never more than
 * {@link MAX_SETTLEMENT_GAS}, so a settlement that reverts costs a bounded amount. The transaction is signed
 * here (fields fixed, nonce included) and sent by ./settleAuctions.server.ts once stored.
 */
import { encodeFunctionData, type Hex, keccak256, type PrivateKeyAccount } from 'viem';
import type { Chain } from '~/features/chains/chains';
import { publicClientFor } from '~/features/chains/publicClients.server';
import { callAsSent, estimateAsSent, type FeeFields } from '../orders/simulateAsSent.server';
import type { SignedOrder } from '../seaport/advancedOrder';
import { seaportAbi } from '../seaport/seaportAbi';
import { settlementArgs } from './settlementCall';

/** Gas a settlement may take at most (a match of two orders with fee and royalty takes about 285,000). */
export const MAX_SETTLEMENT_GAS = 600_000n;

/** A signed settlement, or why it could not be made: its simulation or estimate reverted, or it takes too much gas. */
export type PreparedSettlement =
  | { ok: true; raw: Hex; hash: Hex; gas: bigint }
  | { ok: false; error: unknown }
  | { ok: false; error?: undefined; tooMuchGas: bigint };

/** Simulates, estimates and signs the settlement of `listing` with `bid` (see the module comment). */
export async function prepareSettlement(
  chain: Chain,
  account: PrivateKeyAccount,
  listing: SignedOrder,
  bid: SignedOrder,
  fees: FeeFields,
): Promise<PreparedSettlement> {
  const data = encodeFunctionData({
    abi: seaportAbi,
    functionName: 'matchAdvancedOrders',
    args: settlementArgs(listing, bid, listing.order.offerer),
  });
  const call = { from: account.address, to: chain.contracts.exchange, data, fees };
  const simulated = await callAsSent(chain, call);
  if (!simulated.ok) return simulated;
  const estimate = await estimateAsSent(chain, call);
  if (!estimate.ok) return estimate;
  const gas = (estimate.gas * 12n) / 10n;
  if (gas > MAX_SETTLEMENT_GAS) return { ok: false, tooMuchGas: estimate.gas };
  const nonce = await publicClientFor(chain).getTransactionCount({ address: account.address, blockTag: 'pending' });
  const raw =
    'gasPrice' in fees
      ? await account.signTransaction({
          chainId: chain.chainId,
          type: 'legacy',
          to: call.to,
          data,
          gas,
          nonce,
          ...fees,
        })
      : await account.signTransaction({
          chainId: chain.chainId,
          type: 'eip1559',
          to: call.to,
          data,
          gas,
          nonce,
          ...fees,
        });
  return { ok: true, raw, hash: keccak256(raw), gas };
}
