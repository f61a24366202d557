/**
 * The token page's trading island: sell (owner, no listing), buy (someone else's listing) and cancel (own
 * listing). Everything chain-related comes as props from the server; viem and the flows load only when a
 * button is clicked (`import('./tradeFlows')`), so the page's initial JavaScript carries no wallet library.
 * Spec §2 (/tokens/...), §3 "Sell-card payload", §5, §8.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { shortenAddress } from '~/lib/addresses';
import { isUserRejection, mapTransactionError } from '~/lib/errors';
import { $currentUser } from '../session/store';
import { findProvider } from './findProvider';
import type { TradeProgress } from './tradeFlows';
import {
  explorerTxUrl,
  listingWindow,
  MAX_EXPIRY_DAYS,
  parseAmount,
  type TradeActionsProps,
  tradeRole,
  userPagePath,
} from './tradeModel';

type Status = { kind: 'idle' } | { kind: 'busy'; progress: TradeProgress | null } | { kind: 'error'; text: string };

/**
 * The trading actions of one token. The page is the same for every visitor: who is looking comes from the
 * session store once hydrated (the first render matches the server's, nobody signed in). The island keeps a
 * minimum height so the buttons that appear do not move the page; the owner's sell form opens from a button.
 * While a flow runs or the form is open the island says it is busy (`data-busy`), so a live update of the page
 * waits (../events/livePage.ts).
 */
export default function TradeActions(pageProps: TradeActionsProps) {
  const storedUser = useStore($currentUser);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const props = { ...pageProps, userWallet: hydrated ? (storedUser?.walletAddress ?? null) : null };
  const { messages: m, listing, currencies } = props;
  const role = tradeRole(props);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [price, setPrice] = useState('');
  const [currencyCode, setCurrencyCode] = useState(currencies[0]?.code ?? 0);
  const [days, setDays] = useState('7');
  // The sell form opens on request, so the owner's page does not move when the island learns who is looking.
  const [selling, setSelling] = useState(false);
  const busy = status.kind === 'busy';
  const progress = (p: TradeProgress) => setStatus({ kind: 'busy', progress: p });

  async function run(action: (flows: typeof import('./tradeFlows')) => Promise<void>) {
    setStatus({ kind: 'busy', progress: null });
    try {
      const flows = await import('./tradeFlows');
      try {
        await action(flows);
      } catch (error) {
        if (error instanceof flows.SignRefusedError) {
          const cause = error.cause as { shortMessage?: string; message?: string } | undefined;
          setStatus({ kind: 'error', text: cause?.shortMessage ?? cause?.message ?? m.signRefused });
        } else if (error instanceof flows.WrongAccountError) {
          setStatus({ kind: 'error', text: m.connectFirst });
        } else if (error instanceof RangeError) {
          setStatus({ kind: 'error', text: m.failed });
        } else if (isUserRejection(error)) {
          setStatus({ kind: 'error', text: m.declined });
        } else {
          setStatus({ kind: 'error', text: mapTransactionError(error) });
        }
      }
    } catch {
      setStatus({ kind: 'error', text: m.failed });
    }
  }

  async function withProvider(
    action: (
      flows: typeof import('./tradeFlows'),
      provider: NonNullable<Awaited<ReturnType<typeof findProvider>>>,
    ) => Promise<void>,
  ) {
    const provider = await findProvider();
    if (!provider) {
      setStatus({ kind: 'error', text: m.noWallet });
      return;
    }
    await run((flows) => action(flows, provider));
  }

  function onSell(event: { preventDefault(): void }) {
    event.preventDefault();
    const currency = currencies.find((c) => c.code === currencyCode);
    const amount = currency ? parseAmount(price, currency.decimals) : null;
    const dayCount = Number(days);
    if (!currency || amount === null) return setStatus({ kind: 'error', text: m.invalidPrice });
    if (!listingWindow(0, dayCount)) return setStatus({ kind: 'error', text: m.invalidExpiry });
    if (!props.feeRecipient) return setStatus({ kind: 'error', text: m.noFeeRecipient });
    const wallet = props.userWallet ?? '';
    void withProvider(async (flows, provider) => {
      await flows.sellFlow(
        provider,
        props,
        { userWallet: wallet, price: amount, currency: currency.token as `0x${string}`, currencyCode, days: dayCount },
        progress,
      );
      window.location.assign(userPagePath(props.localePrefix, wallet));
    });
  }

  function onBuy() {
    if (!listing) return;
    void withProvider(async (flows, provider) => {
      await flows.buyFlow(provider, props, listing, progress);
      window.location.reload();
    });
  }

  function onCancel() {
    if (!listing) return;
    void withProvider(async (flows, provider) => {
      await flows.cancelFlow(provider, props, listing, progress);
      window.location.reload();
    });
  }

  const button =
    'rounded-full bg-primary px-5 py-2 font-semibold text-white disabled:cursor-not-allowed disabled:opacity-60';
  const field = 'rounded-lg border border-surface-border bg-surface px-3 py-2';

  return (
    <div className="grid min-h-11 gap-3" data-trade-role={role} data-busy={busy || selling ? 'true' : undefined}>
      {role === 'sell' && !selling && (
        <button type="button" className={button} onClick={() => setSelling(true)}>
          {m.sell}
        </button>
      )}
      {role === 'sell' && selling && (
        <form className="grid gap-3" onSubmit={onSell} aria-label={m.sell}>
          <label className="grid gap-1 text-sm">
            {m.price}
            <input
              className={field}
              name="price"
              inputMode="decimal"
              required
              // biome-ignore lint/a11y/noAutofocus: the visitor just asked for this form
              autoFocus
              value={price}
              onChange={(e) => setPrice(e.target.value)}
            />
          </label>
          <label className="grid gap-1 text-sm">
            {m.currency}
            <select
              className={field}
              name="currency"
              value={currencyCode}
              onChange={(e) => setCurrencyCode(Number(e.target.value))}
            >
              {currencies.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.symbol}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1 text-sm">
            {m.expiryDays}
            <input
              className={field}
              name="days"
              type="number"
              min={1}
              max={MAX_EXPIRY_DAYS}
              required
              value={days}
              onChange={(e) => setDays(e.target.value)}
            />
          </label>
          <button type="submit" className={button} disabled={busy}>
            {m.submitSell}
          </button>
        </form>
      )}
      {role === 'buy' && (
        <button type="button" className={button} disabled={busy} onClick={onBuy}>
          {m.buy}
        </button>
      )}
      {role === 'cancel' && (
        <button type="button" className={button} disabled={busy} onClick={onCancel}>
          {m.cancelListing}
        </button>
      )}
      {role === 'signIn' && <p className="text-sm text-ink-muted">{m.connectFirst}</p>}
      {status.kind === 'busy' && status.progress && <Progress progress={status.progress} props={props} />}
      {status.kind === 'error' && (
        <p role="alert" className="text-sm text-danger">
          {status.text}
        </p>
      )}
    </div>
  );
}

function Progress({ progress, props }: { progress: TradeProgress; props: TradeActionsProps }) {
  const m = props.messages;
  if (progress.step === 'pending' || progress.step === 'confirmed' || progress.step === 'owned') {
    const href = explorerTxUrl(props.chain.blockExplorerUrls, progress.hash);
    const text =
      progress.step === 'pending'
        ? m.pending
        : progress.step === 'confirmed'
          ? m.confirmed
          : m.owned.replace('{owner}', shortenAddress(progress.owner));
    return (
      <p role="status" className="text-sm">
        {text}{' '}
        {href && (
          <a className="underline" href={href} target="_blank" rel="noopener noreferrer">
            {m.viewTx}
          </a>
        )}
      </p>
    );
  }
  return (
    <p role="status" className="text-sm">
      {m[progress.step]}
    </p>
  );
}
