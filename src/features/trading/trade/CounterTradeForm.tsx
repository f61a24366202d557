/**
 * "Counter" on a trade offer for the holder's card: the holder picks which of the offered cards they would take
 * (a subset, at least one) and for how many days; the wallet signs an order giving this card for those, private
 * to the collector who offered (./makeTradeFlow.ts, `POST /api/v1/trade_offers/{id}/counter`). A counter asks for
 * cards only: the trade rules let coin come only from an order's own maker.
 */
import { useState } from 'react';
import { CardChecklist } from '../parts/CardChecklist';
import { DaysInput, SendOrClose } from '../parts/TradeFields';
import { isOrderDays, MAX_EXPIRY_DAYS } from '../parts/tradeForm';
import { startTradeFlow, type TradeFormProps } from './tradeForms';
import type { TradeRowOffer } from './tradeRows';

interface Props extends TradeFormProps {
  trade: TradeRowOffer;
  onClose: () => void;
}

const cardKey = (card: { contract: string; tokenId: string }) => `${card.contract}:${card.tokenId}`;

/** The form (see the module comment). */
export function CounterTradeForm({ terms, trade, card, userWallet, m, tm, runner, onClose, onDone }: Props) {
  const [chosen, setChosen] = useState<string[]>(trade.offered.map(cardKey));
  const [days, setDays] = useState('7');

  function onSubmit(event: { preventDefault(): void }) {
    event.preventDefault();
    const want = trade.offered.filter((item) => chosen.includes(cardKey(item)));
    if (want.length === 0) return runner.fail(m.pickCards);
    const dayCount = Number(days);
    if (!isOrderDays(dayCount)) return runner.fail(tm.invalidExpiry);
    const input = {
      userWallet,
      give: [{ contract: card.contractAddress as `0x${string}`, tokenId: BigInt(card.tokenId) }],
      want: want.map((item) => ({ contract: item.contract as `0x${string}`, tokenId: BigInt(item.tokenId) })),
      days: dayCount,
      counterOf: { id: trade.id, taker: trade.offerer as `0x${string}` },
    };
    startTradeFlow(runner, terms, input, onDone);
  }

  return (
    <form className="grid gap-3" onSubmit={onSubmit} aria-label={m.counterForm}>
      <CardChecklist legend={m.counterPick} cards={trade.offered} keyOf={cardKey} chosen={chosen} setChosen={setChosen}>
        {(item) => `#${item.tokenId}`}
      </CardChecklist>
      <DaysInput label={m.days} max={MAX_EXPIRY_DAYS} value={days} onChange={setDays} />
      <SendOrClose send={m.counterSend} close={tm.close} busy={runner.busy} onClose={onClose} />
    </form>
  );
}
