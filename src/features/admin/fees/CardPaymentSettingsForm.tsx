import { useState } from 'react';
import type { CardPaymentSettings } from '~/features/ledger/cardPayments.server';
import { LAYOUT_SNACKBAR_TIMEOUT, showSnackbar } from '~/ui/snackbar/store';
import { useAdmin } from '../shell/AdminShell';
import { LoadState, Section, TextField } from '../shell/AdminUi';
import { useAdminAction, useAdminData } from '../shell/adminHooks';
import { formatBps, percentToBps } from './feeBps';

/** The three settings as typed: percentages and whole days. */
interface Draft {
  platform: string;
  provider: string;
  days: string;
}

const draftOf = (settings: CardPaymentSettings): Draft => ({
  platform: formatBps(settings.platformFeeBps).replace('%', ''),
  provider: formatBps(settings.providerFeeBps).replace('%', ''),
  days: String(settings.payableHoldDays),
});

function Form({ settings }: { settings: CardPaymentSettings }) {
  const { t, session } = useAdmin();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const { busy, run } = useAdminAction();
  const submit = async () => {
    const platform = percentToBps(draft.platform);
    const provider = percentToBps(draft.provider);
    const days = /^\d{1,3}$/.test(draft.days.trim()) ? Number(draft.days) : Number.NaN;
    if (platform === null || provider === null || platform > 5000 || provider > 5000 || !(days <= 120)) {
      showSnackbar(t('admin.cardPayments.invalid'), { color: 'alert', timeout: LAYOUT_SNACKBAR_TIMEOUT });
      return;
    }
    const saved = await run(
      () =>
        session.client.put<CardPaymentSettings>('/api/v1/admins/card_payment_settings', {
          platform_fee_bps: platform,
          provider_fee_bps: provider,
          payable_hold_days: days,
        }),
      t('admin.cardPayments.saved'),
    );
    if (saved) setDraft(draftOf(saved));
  };
  return (
    <form
      className="grid max-w-xl gap-4"
      aria-label={t('admin.cardPayments.title')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField
        label={t('admin.cardPayments.platformFee')}
        value={draft.platform}
        onChange={(platform) => setDraft({ ...draft, platform })}
      />
      <TextField
        label={t('admin.cardPayments.providerFee')}
        value={draft.provider}
        onChange={(provider) => setDraft({ ...draft, provider })}
      />
      <TextField
        label={t('admin.cardPayments.holdDays')}
        value={draft.days}
        onChange={(days) => setDraft({ ...draft, days })}
      />
      <div>
        <button type="submit" className="btn-primary" disabled={busy}>
          {t('admin.common.save')}
        </button>
      </div>
    </form>
  );
}

/**
 * Card payments' fees and the hold on their payable yen (../../ledger/cardPayments.server.ts), on the fee page.
 */
export function CardPaymentSettingsSection() {
  const { t } = useAdmin();
  const { data, loading, notFound } = useAdminData<CardPaymentSettings>('/api/v1/admins/card_payment_settings');
  return (
    <Section title={t('admin.cardPayments.title')}>
      <p className="mb-4 text-sm text-ink-muted">{t('admin.cardPayments.lead')}</p>
      {data ? <Form settings={data} /> : <LoadState loading={loading} notFound={notFound} />}
    </Section>
  );
}
