/**
 * What a wallet's open offers already ask of one ERC-20 on one chain: each active offer's amount for the cards it
 * still takes. A new offer allows the conduit that much more, so making a second offer in the same coin does not
 * leave the first unfillable (Seaport's conduit draws every filled offer from the one allowance).
 */
import { api } from '~/client/siteApi';

/** An offer as `GET /api/v1/users/{wallet}/offers` lists it (the part read here). */
export interface MadeOffer {
  chainId: number;
  status: string;
  quantity: number;
  remaining: number;
  order: { offer?: unknown };
}

/** The amount `made`'s active offers on `chainId` in `token` still draw (each: its offered amount × remaining / quantity). */
export function outstandingIn(made: readonly MadeOffer[], chainId: number, token: string): bigint {
  let total = 0n;
  for (const offer of made) {
    const item = Array.isArray(offer.order.offer)
      ? (offer.order.offer[0] as { token?: unknown; endAmount?: unknown } | undefined)
      : undefined;
    if (offer.status !== 'active' || offer.chainId !== chainId || offer.quantity <= 0) continue;
    if (typeof item?.token !== 'string' || item.token.toLowerCase() !== token.toLowerCase()) continue;
    const amount = typeof item.endAmount === 'string' ? BigInt(item.endAmount) : 0n;
    total += (amount * BigInt(Math.max(0, offer.remaining))) / BigInt(offer.quantity);
  }
  return total;
}

/** What `wallet`'s open offers on `chainId` in `token` still draw, as the site knows them. */
export async function openOffersTotal(chainId: number, wallet: string, token: string): Promise<bigint> {
  const { made } = await api.get<{ made: MadeOffer[] }>(`/api/v1/users/${wallet}/offers`);
  return outstandingIn(made, chainId, token);
}
