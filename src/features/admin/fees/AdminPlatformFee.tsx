import { type ReactNode, useState } from 'react';
import { parseAmount } from '~/features/trading/parts/tradeForm';
import { priceText } from '~/ui/data/priceText';
import { Submit } from '~/ui/forms/Submit';
import { TaxFilesSection, TaxSettingsSection } from '../money/TaxSettingsForm';
import { adminScreen, useAdmin } from '../shell/AdminShell';
import { Badge, Cell, LoadState, Section, Table } from '../shell/AdminUi';
import { formatWhen } from '../shell/adminFormat';
import { adminAlert, useAdminAction, useAdminData } from '../shell/adminHooks';
import type { AdminAuctionReserveRow, AdminAuctionReserves, AdminFeeRow, AdminFees } from '../shell/types';
import { CardPaymentSettingsSection } from './CardPaymentSettingsForm';
import { formatBps, isAllowedFeeBps, MAX_PLATFORM_FEE_BPS, percentToBps } from './feeBps';

/** A table row's change: a small decimal input in its label, Save (refused while empty), then `children`. */
function RowForm({
  label,
  width,
  value,
  placeholder,
  onChange,
  busy,
  onSubmit,
  children,
}: {
  label: string;
  /** The input's width class. */
  width: string;
  value: string;
  placeholder?: string;
  onChange: (value: string) => void;
  busy: boolean;
  onSubmit: () => unknown;
  children?: ReactNode;
}) {
  const { t } = useAdmin();
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <label className="grid gap-1 text-sm">
        <span>{label}</span>
        <input
          className={`${width} rounded-md border border-surface-border bg-surface-sunken px-3 py-2`}
          inputMode="decimal"
          value={value}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
      <Submit label={t('admin.common.save')} busy={busy} disabled={value.trim() === ''} />
      {children}
    </form>
  );
}

/** The new-fee input and save button of one chain. */
function FeeForm({ fee, onSaved }: { fee: AdminFeeRow; onSaved: (fees: AdminFees) => void }) {
  const { t, session } = useAdmin();
  const [percent, setPercent] = useState('');
  const { busy, run } = useAdminAction();
  const submit = async () => {
    const bps = percentToBps(percent);
    if (bps === null || !isAllowedFeeBps(bps)) {
      adminAlert(t('admin.fee.invalid', { max: formatBps(MAX_PLATFORM_FEE_BPS) }));
      return;
    }
    const saved = await run(
      () => session.client.put<AdminFees>('/api/v1/admins/platform_fee', { chain_id: fee.chainId, fee_bps: bps }),
      t('admin.fee.saved', { chain: fee.chainName, fee: formatBps(bps) }),
    );
    if (saved) {
      setPercent('');
      onSaved(saved);
    }
  };
  return (
    <RowForm
      label={t('admin.fee.newFee', { chain: fee.chainName })}
      width="w-28"
      value={percent}
      placeholder={formatBps(fee.feeBps).replace('%', '')}
      onChange={setPercent}
      busy={busy}
      onSubmit={submit}
    />
  );
}

function PlatformFee() {
  const { t } = useAdmin();
  const { data, loading, notFound } = useAdminData<AdminFees>('/api/v1/admins/platform_fee');
  const [saved, setSaved] = useState<AdminFees | null>(null);
  const fees = saved ?? data;
  if (!fees) return <LoadState loading={loading} notFound={notFound} />;
  return (
    <Section title={t('admin.fee.title')}>
      <p className="mb-2 text-sm text-ink-muted">
        {t('admin.fee.lead', { max: formatBps(fees.maxBps), default: formatBps(fees.defaultBps) })}
      </p>
      <p className="mb-4 text-sm text-ink-muted">{t('admin.fee.noOnChain')}</p>
      <Table
        label={t('admin.fee.title')}
        head={['admin.common.chain', 'admin.fee.current', 'admin.fee.updatedBy', 'admin.fee.change']}
        empty={fees.items.length === 0}
      >
        {fees.items.map((fee) => (
          <tr key={fee.chainId}>
            <Cell>
              {fee.chainName} ({fee.chainId})
            </Cell>
            <Cell>
              <span className="text-lg font-bold" data-fee-chain={fee.chainId}>
                {formatBps(fee.feeBps)}
              </span>{' '}
              <span className="text-xs text-ink-muted">({t('admin.fee.bps', { bps: fee.feeBps })})</span>{' '}
              {fee.isDefault && <Badge>{t('admin.fee.default')}</Badge>}
            </Cell>
            <Cell>
              {fee.updatedBy ?? '—'}
              <span className="block text-xs text-ink-muted">{formatWhen(fee.updatedAt)}</span>
            </Cell>
            <Cell>
              <FeeForm fee={fee} onSaved={setSaved} />
            </Cell>
          </tr>
        ))}
      </Table>
    </Section>
  );
}

/** The new-minimum input, save and clear buttons of one chain and auction currency. */
function ReserveForm({ row, onSaved }: { row: AdminAuctionReserveRow; onSaved: (rows: AdminAuctionReserves) => void }) {
  const { t, session } = useAdmin();
  const [amount, setAmount] = useState('');
  const { busy, run } = useAdminAction();
  const names = { chain: row.chainName, symbol: row.symbol };
  const save = async (minReserve: string | null) => {
    const saved = await run(
      () =>
        session.client.put<AdminAuctionReserves>('/api/v1/admins/auction_reserves', {
          chain_id: row.chainId,
          currency_code: row.currencyCode,
          min_reserve: minReserve,
        }),
      t('admin.reserve.saved', names),
    );
    if (saved) {
      setAmount('');
      onSaved(saved);
    }
  };
  const submit = () => {
    const wei = parseAmount(amount, row.decimals);
    if (wei === null) {
      adminAlert(t('admin.reserve.invalid'));
      return;
    }
    void save(wei.toString());
  };
  return (
    <RowForm
      label={t('admin.reserve.newMin', names)}
      width="w-32"
      value={amount}
      onChange={setAmount}
      busy={busy}
      onSubmit={submit}
    >
      {row.minReserve !== null && (
        <button type="button" className="btn-ghost" disabled={busy} onClick={() => void save(null)}>
          {t('admin.reserve.clear')}
        </button>
      )}
    </RowForm>
  );
}

/** The minimum auction reserve of each chain's auction currencies. */
function AuctionReserves() {
  const { t } = useAdmin();
  const { data, loading, notFound } = useAdminData<AdminAuctionReserves>('/api/v1/admins/auction_reserves');
  const [saved, setSaved] = useState<AdminAuctionReserves | null>(null);
  const reserves = saved ?? data;
  if (!reserves) return <LoadState loading={loading} notFound={notFound} />;
  return (
    <Section title={t('admin.reserve.title')}>
      <p className="mb-4 text-sm text-ink-muted">{t('admin.reserve.lead', { gas: reserves.settlementGas })}</p>
      <Table
        label={t('admin.reserve.title')}
        head={[
          'admin.common.chain',
          'admin.reserve.currency',
          'admin.reserve.current',
          'admin.fee.updatedBy',
          'admin.fee.change',
        ]}
        empty={reserves.items.length === 0}
      >
        {reserves.items.map((row) => (
          <tr key={`${row.chainId}:${row.currencyCode}`}>
            <Cell>
              {row.chainName} ({row.chainId})
            </Cell>
            <Cell>{row.symbol}</Cell>
            <Cell>
              <span data-reserve={`${row.chainId}:${row.currencyCode}`}>
                {row.minReserve !== null
                  ? priceText(row.minReserve, row.currencyCode, 'exact')
                  : t(row.followsGas ? 'admin.reserve.followsGas' : 'admin.reserve.closed')}
              </span>
            </Cell>
            <Cell>
              {row.updatedBy ?? '—'}
              <span className="block text-xs text-ink-muted">{formatWhen(row.updatedAt)}</span>
            </Cell>
            <Cell>
              <ReserveForm row={row} onSaved={setSaved} />
            </Cell>
          </tr>
        ))}
      </Table>
    </Section>
  );
}

/**
 * The platform fee of each chain, set in percent (stored in basis points, at most 10 %), the minimum auction
 * reserve of each chain's auction currencies, card payments' fees and payout hold, and tax (withholding, the
 * platform's invoice registration number, the payout calendar; the remittance and payment record downloads).
 * @see docs/product-spec.md §2 (/admins/platform-fee)
 */
function FeesScreen() {
  return (
    <>
      <PlatformFee />
      <AuctionReserves />
      <CardPaymentSettingsSection />
      <TaxSettingsSection />
      <TaxFilesSection />
    </>
  );
}

export default adminScreen(FeesScreen);
