/**
 * The token page's trading island: sell (owner, no listing: ../sell/SellForm.tsx), buy (someone else's
 * listing: ../buy/BuyButton.tsx, and ../cart/AddToCartButton.tsx), bid (someone else's timed auction:
 * ../auction/BidForm.tsx) and cancel (own listing, an auction only before its first bid:
 * ../cancel/CancelListingButton.tsx). Everything
 * chain-related comes from the server (the page's terms once, ../terms/sharedTerms.ts; the card in the props); viem and an act's flow load only when its button is
 * clicked, so the page's initial JavaScript carries no wallet library.
 *
 * @see docs/product-spec.md §2 (/tokens/...), §3 "Sell-card payload", §5, §8
 */
import { useState } from 'react';
import { useCurrentUser } from '~/features/session/useCurrentUser';
import { BidForm, type LoadBidFlow } from '../auction/BidForm';
import { BuyButton } from '../buy/BuyButton';
import { CancelListingButton } from '../cancel/CancelListingButton';
import { AddToCartButton } from '../cart/AddToCartButton';
import { ConnectFirst } from '../parts/ConnectFirst';
import type { TradeCard } from '../parts/tradeCard';
import { tradeMessagesIn } from '../parts/tradeMessages';
import { SellForm } from '../sell/SellForm';
import { sharedTerms } from '../terms/sharedTerms';
import { TradeStatusLines } from '../wallet/TradeProgressNote';
import { useTradeRunner } from '../wallet/useTradeRunner';
import { tradeRole } from './tradeRole';

/** What the server hands the island (./tradeProps.server.ts): the same for every visitor. */
export interface TradeActionsProps {
  /** The page's trading terms (../terms/sharedTerms.ts). */
  termsKey: string;
  /** The card, its owner and its listing. */
  card: TradeCard;
  /** Locale prefix for links ('' for ja, '/en' for en). */
  localePrefix: string;
  /** The page's language (the island's messages load with its code). */
  locale: string;
}

/** A bid is made by the offer flow (auctions do not import offers; they meet here). */
const loadBidFlow: LoadBidFlow = async () => (await import('../offer/makeOfferFlow')).makeOfferFlow;

/**
 * The trading actions of one token. The page is the same for every visitor: who is looking comes from the
 * session store once hydrated (the first render matches the server's, nobody signed in). The island keeps a
 * minimum height so the buttons that appear do not move the page; the owner's sell form opens from a button.
 * While an act runs or the form is open the island says it is busy (`data-busy`), so a live update of the
 * page waits (../../events/livePage.ts). A visitor who is not signed in sees the act they came for ("Buy now",
 * "Bid") as a link to the connect page, which opens the header's connect modal where scripts run
 * (~/ui/menus/openConnect.ts); the page renders it on the server, so it is there before any script.
 */
export default function TradeActions({ termsKey, card, localePrefix, locale }: TradeActionsProps) {
  const terms = sharedTerms(termsKey);
  const messages = tradeMessagesIn(locale);
  const user = useCurrentUser();
  const userWallet = user?.walletAddress ?? null;
  const { listing } = card;
  const role = tradeRole({ owner: card.owner, userWallet, listing });
  // Anyone but the seller may put a buyable fixed or declining listing in the cart (signed in or not).
  const cartable = (role === 'buy' || role === 'signIn') && listing?.saleType !== 'auction';
  const runner = useTradeRunner(messages);
  // The sell form opens on request, so the owner's page does not move when the island learns who is looking.
  const [selling, setSelling] = useState(false);
  const { status } = runner;
  /** What the forms of the acts take alike. */
  const acts = { terms, card, userWallet, messages, runner };

  return (
    <div
      className={`grid gap-3 ${listing ? 'min-h-11' : ''}`}
      data-trade-role={role}
      data-busy={runner.busy || selling ? 'true' : undefined}
    >
      {role === 'sell' && (
        <SellForm {...acts} localePrefix={localePrefix} open={selling} onOpen={() => setSelling(true)} />
      )}
      {role === 'buy' && <BuyButton terms={terms} card={card} messages={messages} runner={runner} />}
      {cartable && (
        <AddToCartButton chainId={terms.chain.chainId} card={card} localePrefix={localePrefix} messages={messages} />
      )}
      {role === 'cancel' && (
        <CancelListingButton terms={terms} card={card} listing={listing} messages={messages} runner={runner} />
      )}
      {role === 'bid' && <BidForm {...acts} loadFlow={loadBidFlow} />}
      {role === 'none' &&
        listing?.auction &&
        listing.auction.bidCount > 0 &&
        userWallet &&
        listing.sellerAddress.toLowerCase() === userWallet.toLowerCase() && (
          <p className="text-sm text-ink-muted">{messages.hasBids}</p>
        )}
      {role === 'signIn' && (
        <ConnectFirst
          localePrefix={localePrefix}
          act={listing?.saleType === 'auction' ? messages.bid : messages.buy}
          note={messages.connectToTrade}
          data-connect-to-trade
        />
      )}
      <TradeStatusLines status={status} messages={messages} chain={terms.chain} />
    </div>
  );
}
