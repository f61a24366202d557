/**
 * "Sell to best offers" on the owner's items page: the cards of the page that have an offer the owner could
 * accept (with the best one's price), a checkbox each, and one button that sells the chosen cards of one chain to
 * their best offers in one transaction (./sellToBestOffersFlow.ts). Shown by the page to its signed-in owner only.
 */
import { useState } from 'react';
import { interpolate } from '~/features/i18n/format';
import { priceText } from '~/ui/data/priceText';
import { CardChecklist } from '../parts/CardChecklist';
import { SendOrClose, TradeButton } from '../parts/TradeFields';
import type { TradeMessages } from '../parts/tradeMessages';
import type { TradeChain } from '../terms/tradeTerms';
import { TradeStatusLines } from '../wallet/TradeProgressNote';
import { useTradeRunner } from '../wallet/useTradeRunner';

/** The island's words. */
export interface SellNowMessages {
  button: string;
  legend: string;
  /** `{{price}}`: the best offer's. */
  best: string;
  submit: string;
  /** `{{count}}` cards sold. */
  sold: string;
  oneChain: string;
  noneLeft: string;
  pick: string;
}

/** A card of the page with an acceptable offer. */
export interface SellNowCard {
  chainId: number;
  contractAddress: string;
  tokenId: string;
  name: string;
  best: { price: string; currencyCode: number };
}

/** What the page hands the island. */
export interface SellToBestOffersProps {
  wallet: string;
  chains: readonly TradeChain[];
  cards: readonly SellNowCard[];
  m: SellNowMessages;
  tm: TradeMessages;
}

const cardKey = (card: SellNowCard) => `${card.chainId}:${card.contractAddress}:${card.tokenId}`;

/** The island (see the module comment). */
export default function SellToBestOffers({ wallet, chains, cards, m, tm }: SellToBestOffersProps) {
  const runner = useTradeRunner(tm);
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const [sold, setSold] = useState<number | null>(null);
  const [chainId, setChainId] = useState<number | null>(null);
  if (cards.length === 0) return null;
  if (!open) {
    return <TradeButton onClick={() => setOpen(true)}>{m.button}</TradeButton>;
  }

  function onSubmit(event: { preventDefault(): void }) {
    event.preventDefault();
    const picked = cards.filter((card) => chosen.includes(cardKey(card)));
    const chainIds = new Set(picked.map((card) => card.chainId));
    if (picked.length === 0) return runner.fail(m.pick);
    if (chainIds.size > 1) return runner.fail(m.oneChain);
    const chain = chains.find((candidate) => chainIds.has(candidate.chainId));
    if (!chain) return runner.fail(m.noneLeft);
    setChainId(chain.chainId);
    void runner.start(async () => {
      const { NoBestOfferError, sellToBestOffersFlow } = await import('./sellToBestOffersFlow');
      return async (provider, onProgress) => {
        try {
          setSold(await sellToBestOffersFlow(provider, chain, wallet, picked, onProgress));
        } catch (error) {
          if (error instanceof NoBestOfferError) return runner.fail(m.noneLeft);
          throw error;
        }
      };
    });
  }

  return (
    <form className="grid gap-3" onSubmit={onSubmit} aria-label={m.button}>
      <CardChecklist legend={m.legend} cards={cards} keyOf={cardKey} chosen={chosen} setChosen={setChosen}>
        {(card) => (
          <>
            {card.name} #{card.tokenId} ·{' '}
            {interpolate(m.best, { price: priceText(card.best.price, card.best.currencyCode, 6) })}
          </>
        )}
      </CardChecklist>
      {sold === null ? (
        <SendOrClose send={m.submit} close={tm.close} busy={runner.busy} onClose={() => setOpen(false)} />
      ) : (
        <p role="status">{interpolate(m.sold, { count: String(sold) })}</p>
      )}
      <TradeStatusLines
        status={runner.status}
        messages={tm}
        chain={chains.find((candidate) => candidate.chainId === chainId)}
      />
    </form>
  );
}
