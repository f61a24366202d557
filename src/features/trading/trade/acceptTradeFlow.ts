/**
 * Accepting a trade offer from the holder's wallet: the site answers the fill signed by the zone for them
 * (`POST /api/v1/trade_offers/{id}/accept`), the wallet sends it to Seaport (`fulfillAdvancedOrder`, nothing to pay:
 * the conduit, approved for every holder from the start, moves the cards both ways), and the page waits for the
 * chain. Loaded on click.
 */
import { getAddress, type Hex } from 'viem';
import { api } from '~/client/siteApi';
import type { Eip1193Provider } from '~/features/wallet/eip1193';
import { fulfillOrder } from '../seaport/fulfillOrder';
import { parseOrderJson } from '../seaport/orderJson';
import type { TradeTerms } from '../terms/tradeTerms';
import { confirm, connect, type TradeProgress } from '../wallet/walletTrade';

/** The accept answer's part the fill uses. */
interface TradeFill {
  order: unknown;
  advanced_order: { parameters: unknown; signature: Hex; extraData: Hex };
  fulfiller_conduit_key: Hex;
}

/** Accepts trade offer `id` as `taker` (see the module comment). */
export async function acceptTradeFlow(
  provider: Eip1193Provider,
  terms: Pick<TradeTerms, 'chain' | 'seaport'>,
  trade: { id: number; taker: string },
  onProgress: (p: TradeProgress) => void,
): Promise<void> {
  const connected = await connect(provider, terms, trade.taker, onProgress);
  onProgress({ step: 'checking' });
  const fill = await api.post<TradeFill>(`/api/v1/trade_offers/${trade.id}/accept`, {});
  const order = parseOrderJson(fill.order);
  if (!order) throw new Error('Order not found');
  onProgress({ step: 'walletPrompt' });
  const hash = await fulfillOrder(connected.wallet, {
    seaport: getAddress(terms.seaport),
    order,
    signature: fill.advanced_order.signature,
    fulfillerConduitKey: fill.fulfiller_conduit_key,
    method: 'standard',
    value: 0n,
    extraData: fill.advanced_order.extraData,
  });
  await confirm(connected.reader, hash, onProgress);
}
