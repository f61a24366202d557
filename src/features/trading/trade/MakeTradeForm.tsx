/**
 * "Offer your cards" on a card someone else holds, then its form: a checklist of the signed-in collector's own
 * cards on the card's chain (read on open from `GET /api/v1/users/{wallet}/items`), optionally coin added in one
 * of the chain's ERC-20s, and how many days it lasts; the wallet signs the trade order (./makeTradeFlow.ts).
 */
import { useState } from 'react';
import { api } from '~/client/siteApi';
import type { CardSummary } from '~/features/catalogue/types';
import { CardChecklist } from '../parts/CardChecklist';
import { CurrencySelect, DaysInput, SendOrClose, TradeButton, TradeInput } from '../parts/TradeFields';
import { isOrderDays, MAX_EXPIRY_DAYS, parseAmount } from '../parts/tradeForm';
import { startTradeFlow, type TradeFormProps } from './tradeForms';
import { MAX_TRADE_CARDS } from './tradeOrder';

const cardKey = (card: { contractAddress: string; tokenId: string }) => `${card.contractAddress}:${card.tokenId}`;

/** The form (see the module comment). */
export function MakeTradeForm({ terms, card, userWallet, m, tm, runner, onDone }: TradeFormProps) {
  const currencies = terms.currencies.filter((currency) => !/^0x0{40}$/i.test(currency.token));
  const [mine, setMine] = useState<CardSummary[] | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [amount, setAmount] = useState('');
  const [currencyCode, setCurrencyCode] = useState(currencies[0]?.code ?? 0);
  const [days, setDays] = useState('7');

  const open = () => {
    setMine([]);
    const query = `tab=owned&chain_id=${terms.chain.chainId}&per_page=50`;
    void api
      .get<{ items: CardSummary[] }>(`/api/v1/users/${userWallet.toLowerCase()}/items?${query}`)
      .then((page) => setMine(page.items.filter((item) => cardKey(item) !== cardKey(card))))
      .catch(() => runner.fail(m.cardsUnavailable));
  };
  if (mine === null) {
    return <TradeButton onClick={open}>{m.make}</TradeButton>;
  }

  function onSubmit(event: { preventDefault(): void }) {
    event.preventDefault();
    const give = (mine ?? []).filter((item) => chosen.includes(cardKey(item)));
    if (give.length === 0 || give.length > MAX_TRADE_CARDS) return runner.fail(m.pickCards);
    const currency = currencies.find((c) => c.code === currencyCode);
    const coinAmount = amount.trim() === '' ? 0n : currency ? parseAmount(amount, currency.decimals) : null;
    if (coinAmount === null) return runner.fail(tm.invalidPrice);
    const dayCount = Number(days);
    if (!isOrderDays(dayCount)) return runner.fail(tm.invalidExpiry);
    const asCard = (item: { contractAddress: string; tokenId: string }) => ({
      contract: item.contractAddress as `0x${string}`,
      tokenId: BigInt(item.tokenId),
    });
    const input = {
      userWallet,
      give: give.map(asCard),
      want: [asCard(card)],
      coin: coinAmount > 0n && currency ? { token: currency.token as `0x${string}`, amount: coinAmount } : undefined,
      days: dayCount,
    };
    startTradeFlow(runner, terms, input, onDone);
  }

  return (
    <form className="grid gap-3" onSubmit={onSubmit} aria-label={m.make}>
      <CardChecklist
        legend={m.yourCards}
        cards={mine}
        keyOf={cardKey}
        chosen={chosen}
        setChosen={setChosen}
        empty={m.noCards}
      >
        {(item) => `${item.name} #${item.tokenId}`}
      </CardChecklist>
      {currencies.length > 0 && (
        <>
          <TradeInput label={m.coinAmount} inputMode="decimal" value={amount} onChange={setAmount} />
          <CurrencySelect label={tm.currency} currencies={currencies} value={currencyCode} onChange={setCurrencyCode} />
        </>
      )}
      <DaysInput label={m.days} max={MAX_EXPIRY_DAYS} value={days} onChange={setDays} />
      <SendOrClose send={m.send} close={tm.close} busy={runner.busy} onClose={() => setMine(null)} />
    </form>
  );
}
