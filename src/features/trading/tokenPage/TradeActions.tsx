/**
 * The token page's trading island: sell (owner, no listing: ../sell/SellForm.tsx), buy (someone else's
 * listing: ../buy/BuyButton.tsx, and ../cart/AddToCartButton.tsx), bid (someone else's timed auction:
 * ../auction/BidForm.tsx) and cancel (own listing, an auction only before its first bid:
 * ../cancel/CancelListingButton.tsx). Everything
 * chain-related comes as props from the server; viem and an act's flow load only when its button is
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
import { type TradeActionsProps, tradeRole } from '../parts/tradeModel';
import { TRADE_BUTTON } from '../parts/tradeStyles';
import { SellForm } from '../sell/SellForm';
import { TradeProgressNote } from '../wallet/TradeProgressNote';
import { useTradeRunner } from '../wallet/useTradeRunner';

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
export default function TradeActions(pageProps: TradeActionsProps) {
  const user = useCurrentUser();
  const props = { ...pageProps, userWallet: user?.walletAddress ?? null };
  const role = tradeRole(props);
  // Anyone but the seller may put a buyable fixed or declining listing in the cart (signed in or not).
  const cartable = (role === 'buy' || role === 'signIn') && props.listing?.saleType !== 'auction';
  const runner = useTradeRunner(props.messages);
  // The sell form opens on request, so the owner's page does not move when the island learns who is looking.
  const [selling, setSelling] = useState(false);
  const { status } = runner;

  return (
    <div
      className={`grid gap-3 ${props.listing ? 'min-h-11' : ''}`}
      data-trade-role={role}
      data-busy={runner.busy || selling ? 'true' : undefined}
    >
      {role === 'sell' && <SellForm props={props} runner={runner} open={selling} onOpen={() => setSelling(true)} />}
      {role === 'buy' && <BuyButton props={props} runner={runner} />}
      {cartable && <AddToCartButton props={props} />}
      {role === 'cancel' && <CancelListingButton props={props} runner={runner} />}
      {role === 'bid' && <BidForm props={props} runner={runner} loadFlow={loadBidFlow} />}
      {role === 'none' &&
        props.listing?.auction &&
        props.listing.auction.bidCount > 0 &&
        props.userWallet &&
        props.listing.sellerAddress.toLowerCase() === props.userWallet.toLowerCase() && (
          <p className="text-sm text-ink-muted">{props.messages.hasBids}</p>
        )}
      {role === 'signIn' && (
        <div className="flex flex-wrap items-center gap-3" data-connect-to-trade>
          <a className={`${TRADE_BUTTON} inline-block`} href={`${props.localePrefix}/connect-wallet`} data-open-connect>
            {props.listing?.saleType === 'auction' ? props.messages.bid : props.messages.buy}
          </a>
          <p className="text-sm text-ink-muted">{props.messages.connectToTrade}</p>
        </div>
      )}
      {status.kind === 'busy' && status.progress && <TradeProgressNote progress={status.progress} props={props} />}
      {status.kind === 'error' && (
        <p role="alert" className="text-sm text-danger">
          {status.text}
        </p>
      )}
    </div>
  );
}
