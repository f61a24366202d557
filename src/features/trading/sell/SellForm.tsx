/**
 * Selling on the token page (the owner, no listing yet): a button opens the form (how it sells: a fixed
 * price, a price declining to an end price, or a timed auction with a reserve in an ERC-20; price, currency,
 * days); submitting runs ./sellFlow.ts and goes to the seller's items page.
 *
 * @see docs/product-spec.md §3 "Sell-card payload", §5
 */
import { useId, useState } from 'react';
import { CurrencySelect, DaysInput, TradeButton, TradeInput } from '../parts/TradeFields';
import type { TradeCard } from '../parts/tradeCard';
import { listingWindow, MAX_EXPIRY_DAYS, parseAmount, userPagePath } from '../parts/tradeForm';
import type { TradeMessages } from '../parts/tradeMessages';
import { TRADE_BUTTON, TRADE_FIELD } from '../parts/tradeStyles';
import type { TradeTerms } from '../terms/tradeTerms';
import type { useTradeRunner } from '../wallet/useTradeRunner';
import type { SellInput, SellTerms } from './sellFlow';

/** Longest auction the form offers, in days (the server allows 30). */
const MAX_AUCTION_DAYS = 30;

interface Props {
  terms: SellTerms & Pick<TradeTerms, 'currencies'>;
  card: Pick<TradeCard, 'contractAddress' | 'tokenId'>;
  /** The signed-in seller's wallet (the card's owner). */
  userWallet: string | null;
  localePrefix: string;
  messages: TradeMessages;
  runner: ReturnType<typeof useTradeRunner>;
  open: boolean;
  onOpen: () => void;
}

/** The sell button, then the form. */
export function SellForm({ terms, card, userWallet, localePrefix, messages: m, runner, open, onOpen }: Props) {
  const id = useId();
  const [saleType, setSaleType] = useState<SellInput['saleType']>('fixed');
  // Auctions take bids, and bids are offers: in an ERC-20 only.
  const currencies =
    saleType === 'auction' ? terms.currencies.filter((c) => !/^0x0{40}$/i.test(c.token)) : terms.currencies;
  const [price, setPrice] = useState('');
  const [endPrice, setEndPrice] = useState('');
  const [currencyCode, setCurrencyCode] = useState(terms.currencies[0]?.code ?? 0);
  const [days, setDays] = useState('7');
  const maxDays = saleType === 'auction' ? MAX_AUCTION_DAYS : MAX_EXPIRY_DAYS;

  if (!open) {
    return <TradeButton onClick={onOpen}>{m.sell}</TradeButton>;
  }

  function onSubmit(event: { preventDefault(): void }) {
    event.preventDefault();
    const currency = currencies.find((c) => c.code === currencyCode) ?? currencies[0];
    const amount = currency ? parseAmount(price, currency.decimals) : null;
    const end = currency && saleType === 'declining' ? parseAmount(endPrice, currency.decimals) : undefined;
    const dayCount = Number(days);
    if (!currency || amount === null) return runner.fail(m.invalidPrice);
    if (end === null || (end !== undefined && end >= amount)) return runner.fail(m.invalidEndPrice);
    if (!listingWindow(0, dayCount) || dayCount > maxDays) return runner.fail(m.invalidExpiry);
    if (!terms.feeRecipient) return runner.fail(m.noFeeRecipient);
    const wallet = userWallet ?? '';
    const input: SellInput = {
      userWallet: wallet,
      price: amount,
      currency: currency.token as `0x${string}`,
      currencyCode: currency.code,
      days: dayCount,
      saleType,
      ...(end === undefined ? {} : { endPrice: end }),
    };
    void runner.start(async () => {
      const { sellFlow } = await import('./sellFlow');
      return async (provider, onProgress) => {
        await sellFlow(provider, terms, card, input, onProgress);
        window.location.assign(userPagePath(localePrefix, wallet));
      };
    });
  }

  return (
    <form className="grid gap-3" onSubmit={onSubmit} aria-label={m.sell}>
      <div className="grid gap-1 text-sm">
        <label htmlFor={`${id}-sale-type`}>{m.saleType}</label>
        <select
          id={`${id}-sale-type`}
          className={TRADE_FIELD}
          name="sale_type"
          value={saleType}
          onChange={(e) => setSaleType(e.target.value as SellInput['saleType'])}
        >
          <option value="fixed">{m.saleFixed}</option>
          <option value="declining">{m.saleDeclining}</option>
          {terms.settler && terms.currencies.some((c) => !/^0x0{40}$/i.test(c.token)) && (
            <option value="auction">{m.saleAuction}</option>
          )}
        </select>
      </div>
      <TradeInput
        label={saleType === 'auction' ? m.reserve : m.price}
        name="price"
        inputMode="decimal"
        required
        // The visitor just asked for this form.
        autoFocus
        value={price}
        onChange={setPrice}
      />
      {saleType === 'declining' && (
        <TradeInput
          label={m.endPrice}
          name="end_price"
          inputMode="decimal"
          required
          value={endPrice}
          onChange={setEndPrice}
        />
      )}
      <CurrencySelect label={m.currency} currencies={currencies} value={currencyCode} onChange={setCurrencyCode} />
      {saleType === 'auction' && <p className="text-sm text-ink-muted">{m.auctionErc20}</p>}
      <DaysInput
        label={saleType === 'auction' ? m.auctionDays : m.expiryDays}
        name="days"
        max={maxDays}
        required
        value={days}
        onChange={setDays}
      />
      <button type="submit" className={TRADE_BUTTON} disabled={runner.busy}>
        {m.submitSell}
      </button>
    </form>
  );
}
