/**
 * Bidding on a timed auction (the token page's trading island, for signed-in visitors who do not sell it):
 * the amount in the auction's token, at least the reserve; the form suggests the lowest bid that leads (the
 * highest bid plus the step) and says that a lower bid stands behind the highest and wins if the bids above it
 * fail (./auctionRules.ts `placeOfBid`). A bid is a token offer restricted to the settlement account and lasting until the auction's
 * settlement, made by the offer flow (loaded on submit; ../tokenPage/TradeActions.tsx hands it over: auctions do not
 * import offers); the server holds it to the auction's rules (./bids.server.ts).
 */
import { useState } from 'react';
import { formatUnits } from 'viem';
import { interpolate } from '~/features/i18n/format';
import type { Eip1193Provider } from '~/features/wallet/eip1193';
import type { TradeCard } from '../parts/tradeCard';
import { parseAmount } from '../parts/tradeForm';
import type { TradeMessages } from '../parts/tradeMessages';
import { TRADE_BUTTON, TRADE_FIELD } from '../parts/tradeStyles';
import type { OfferTarget } from '../seaport/buildOffer';
import type { TradeTerms } from '../terms/tradeTerms';
import type { useTradeRunner } from '../wallet/useTradeRunner';
import type { TradeProgress } from '../wallet/walletTrade';

/** What the bid form asks the offer flow to make. */
export interface BidInput {
  userWallet: string;
  target: OfferTarget;
  quantity: 1;
  unitPrice: bigint;
  token: `0x${string}`;
  wrappable: false;
  days: number;
  endTime: bigint;
  royaltyTokenId: bigint;
  zone: `0x${string}`;
}

/** Loads the flow that makes, signs and sends the bid. */
export type LoadBidFlow = () => Promise<
  (
    provider: Eip1193Provider,
    terms: TradeTerms,
    input: BidInput,
    onProgress: (p: TradeProgress) => void,
  ) => Promise<void>
>;

interface Props {
  terms: TradeTerms;
  card: Pick<TradeCard, 'contractAddress' | 'tokenId' | 'listing'>;
  /** The signed-in bidder's wallet. */
  userWallet: string | null;
  messages: TradeMessages;
  runner: ReturnType<typeof useTradeRunner>;
  loadFlow: LoadBidFlow;
}

/** The bid form (see the module comment). */
export function BidForm({ terms, card, userWallet, messages: m, runner, loadFlow }: Props) {
  const auction = card.listing?.auction;
  const currency = terms.currencies.find((c) => c.code === auction?.currencyCode);
  const minimum = auction && currency ? formatUnits(BigInt(auction.minimumBid), currency.decimals) : '';
  const reserve = auction && currency ? formatUnits(BigInt(auction.reservePrice), currency.decimals) : '';
  const [amount, setAmount] = useState(minimum);
  if (!auction || !currency) return null;

  function onSubmit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!auction || !currency || !terms.settler) return;
    const unitPrice = parseAmount(amount, currency.decimals);
    if (unitPrice === null || unitPrice < BigInt(auction.reservePrice)) return runner.fail(m.invalidPrice);
    const input: BidInput = {
      userWallet: userWallet ?? '',
      target: {
        kind: 'token' as const,
        contract: card.contractAddress as `0x${string}`,
        tokenId: BigInt(card.tokenId),
      },
      quantity: 1 as const,
      unitPrice,
      token: currency.token as `0x${string}`,
      wrappable: false as const,
      days: 1,
      endTime: BigInt(Math.floor(Date.parse(auction.bidsValidUntil) / 1000)) + 60n,
      royaltyTokenId: BigInt(card.tokenId),
      zone: terms.settler as `0x${string}`,
    };
    void runner.start(async () => {
      const makeBid = await loadFlow();
      return async (provider, onProgress) => {
        await makeBid(provider, terms, input, onProgress);
        window.location.reload();
      };
    });
  }

  return (
    <form className="grid gap-3" onSubmit={onSubmit} aria-label={m.bid}>
      <label className="grid gap-1 text-sm">
        {m.bidAmount} ({currency.symbol})
        <input
          className={TRADE_FIELD}
          name="bid"
          inputMode="decimal"
          required
          value={amount}
          aria-describedby="bid-minimum"
          onChange={(e) => setAmount(e.target.value)}
        />
      </label>
      <p id="bid-minimum" className="text-sm text-ink-muted">
        {interpolate(m.bidMinimum, { amount: `${minimum} ${currency.symbol}` })}
        {minimum !== reserve && <> {interpolate(m.bidBackup, { amount: `${reserve} ${currency.symbol}` })}</>}
      </p>
      <button type="submit" className={TRADE_BUTTON} disabled={runner.busy}>
        {m.placeBid}
      </button>
    </form>
  );
}
