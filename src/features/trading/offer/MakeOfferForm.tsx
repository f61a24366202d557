/**
 * The "Make offer" button, then its form: amount per card, an ERC-20 of the chain, duration, and on a
 * collection page what it is for (any card, or cards with a trait) and how many cards at most.
 */
import { useState } from 'react';
import { interpolate } from '~/features/i18n/format';
import { CurrencySelect, DaysInput, SendOrClose, TradeButton, TradeInput } from '../parts/TradeFields';
import { isOrderDays, MAX_EXPIRY_DAYS, parseAmount } from '../parts/tradeForm';
import type { TradeMessages } from '../parts/tradeMessages';
import { TRADE_FIELD } from '../parts/tradeStyles';
import type { OfferTarget } from '../seaport/buildOffer';
import type { TradeTerms } from '../terms/tradeTerms';
import type { useTradeRunner } from '../wallet/useTradeRunner';
import type { OfferMessages, OfferScope } from './offerModel';

interface Props {
  terms: TradeTerms;
  /** The signed-in offerer's wallet. */
  userWallet: string | null;
  /** The trading islands' messages (the form's fields). */
  tm: TradeMessages;
  m: OfferMessages;
  runner: ReturnType<typeof useTradeRunner>;
  /** Offers on one card, or on the collection (with its traits). */
  scope: OfferScope;
  /** Whether the chain's wrapped coin can be wrapped (its token). */
  wrappedToken: string | null;
  onDone: () => void;
}

/** The form (see the module comment). */
export function MakeOfferForm({ terms, userWallet, tm, m, runner, scope, wrappedToken, onDone }: Props) {
  const currencies = terms.currencies.filter((currency) => !/^0x0{40}$/i.test(currency.token));
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [currencyCode, setCurrencyCode] = useState(currencies[0]?.code ?? 0);
  const [days, setDays] = useState('7');
  const [quantity, setQuantity] = useState('1');
  const [trait, setTrait] = useState('');
  const [finding, setFinding] = useState(false);

  if (currencies.length === 0) return <p className="text-sm text-ink-muted">{m.noErc20}</p>;
  if (!open) {
    return <TradeButton onClick={() => setOpen(true)}>{m.make}</TradeButton>;
  }

  function onSubmit(event: { preventDefault(): void }) {
    event.preventDefault();
    const currency = currencies.find((c) => c.code === currencyCode);
    const unitPrice = currency ? parseAmount(amount, currency.decimals) : null;
    const dayCount = Number(days);
    const count = scope.kind === 'token' ? 1 : Number(quantity);
    if (!currency || unitPrice === null) return runner.fail(tm.invalidPrice);
    if (!isOrderDays(dayCount)) return runner.fail(tm.invalidExpiry);
    if (!Number.isInteger(count) || count < 1 || count > 100) return runner.fail(m.invalidQuantity);
    const contract = scope.contractAddress as `0x${string}`;
    const send = (target: OfferTarget) => {
      const input = {
        userWallet: userWallet ?? '',
        target,
        quantity: count,
        unitPrice,
        token: currency.token as `0x${string}`,
        wrappable: currency.token.toLowerCase() === wrappedToken?.toLowerCase(),
        days: dayCount,
        royaltyTokenId: BigInt(scope.kind === 'token' ? scope.tokenId : scope.royaltyTokenId),
      };
      void runner.start(async () => {
        const { makeOfferFlow } = await import('./makeOfferFlow');
        return async (provider, onProgress) => {
          await makeOfferFlow(provider, terms, input, onProgress);
          onDone();
        };
      });
    };
    if (scope.kind === 'token') return send({ kind: 'token', contract, tokenId: BigInt(scope.tokenId) });
    const chosen = trait === '' ? undefined : scope.traits[Number(trait)];
    if (!chosen) return send({ kind: 'collection', contract });
    // The trait's root is asked for now (the page lists traits without them).
    setFinding(true);
    void import('./traitRoot')
      .then(({ traitRoot }) => traitRoot(scope.collectionId, chosen))
      .then(
        (root) => send({ kind: 'trait', contract, root }),
        (error: unknown) =>
          runner.fail(error instanceof Error && error.name === 'TraitGoneError' ? m.traitGone : tm.failed),
      )
      .finally(() => setFinding(false));
  }

  const wrappedSymbol = currencies.find((c) => c.token.toLowerCase() === wrappedToken?.toLowerCase())?.symbol;
  return (
    <form className="grid gap-3" onSubmit={onSubmit} aria-label={m.make}>
      {scope.kind === 'collection' && (
        <label className="grid gap-1 text-sm">
          {m.target}
          <select className={TRADE_FIELD} value={trait} onChange={(e) => setTrait(e.target.value)}>
            <option value="">{m.kindCollection}</option>
            {scope.traits.map((entry, index) => (
              <option key={`${entry.type}\u0000${entry.value}`} value={String(index)}>
                {interpolate(m.kindTrait, { trait: `${entry.type}: ${entry.value}` })} ({entry.count})
              </option>
            ))}
          </select>
        </label>
      )}
      <TradeInput label={m.amount} inputMode="decimal" required value={amount} onChange={setAmount} />
      <CurrencySelect label={tm.currency} currencies={currencies} value={currencyCode} onChange={setCurrencyCode} />
      {scope.kind === 'collection' && (
        <TradeInput label={m.quantity} type="number" min={1} max={100} value={quantity} onChange={setQuantity} />
      )}
      <DaysInput label={m.days} max={MAX_EXPIRY_DAYS} value={days} onChange={setDays} />
      {wrappedSymbol && <p className="text-sm text-ink-muted">{interpolate(m.wrapNote, { symbol: wrappedSymbol })}</p>}
      <SendOrClose send={m.submit} close={tm.close} busy={runner.busy || finding} onClose={() => setOpen(false)} />
    </form>
  );
}
