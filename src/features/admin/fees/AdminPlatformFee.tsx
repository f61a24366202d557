import { useState } from 'react';
import { LAYOUT_SNACKBAR_TIMEOUT, showSnackbar } from '~/ui/snackbar/store';
import { type AdminScreenProps, AdminShell, useAdmin } from '../shell/AdminShell';
import { Badge, Cell, LoadState, Section, Table } from '../shell/AdminUi';
import { formatWhen } from '../shell/adminFormat';
import { useAdminAction, useAdminData } from '../shell/adminHooks';
import type { AdminFeeRow, AdminFees } from '../shell/types';
import { CardPaymentSettingsSection } from './CardPaymentSettingsForm';
import { formatBps, isAllowedFeeBps, MAX_PLATFORM_FEE_BPS, percentToBps } from './feeBps';

/** The new-fee input and save button of one chain. */
function FeeForm({ fee, onSaved }: { fee: AdminFeeRow; onSaved: (fees: AdminFees) => void }) {
  const { t, session } = useAdmin();
  const [percent, setPercent] = useState('');
  const { busy, run } = useAdminAction();
  const submit = async () => {
    const bps = percentToBps(percent);
    if (bps === null || !isAllowedFeeBps(bps)) {
      showSnackbar(t('admin.fee.invalid', { max: formatBps(MAX_PLATFORM_FEE_BPS) }), {
        color: 'alert',
        timeout: LAYOUT_SNACKBAR_TIMEOUT,
      });
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
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label className="grid gap-1 text-sm">
        <span>{t('admin.fee.newFee', { chain: fee.chainName })}</span>
        <input
          className="w-28 rounded-md border border-surface-border bg-surface-sunken px-3 py-2"
          inputMode="decimal"
          value={percent}
          placeholder={formatBps(fee.feeBps).replace('%', '')}
          onChange={(event) => setPercent(event.target.value)}
        />
      </label>
      <button type="submit" className="btn-primary" disabled={busy || percent.trim() === ''}>
        {t('admin.common.save')}
      </button>
    </form>
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
        head={[t('admin.common.chain'), t('admin.fee.current'), t('admin.fee.updatedBy'), t('admin.fee.change')]}
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

/**
 * The platform fee of each chain, set in percent (stored in basis points, at most 10 %), and card payments'
 * fees and payout hold.
 * @see docs/product-spec.md §2 (/admins/platform-fee)
 */
export default function AdminPlatformFee(props: AdminScreenProps) {
  return (
    <AdminShell {...props}>
      <PlatformFee />
      <CardPaymentSettingsSection />
    </AdminShell>
  );
}
