import { useState } from 'react';
import type { CardPaymentSettings } from '~/features/ledger/cardPayments.server';
import { bindFields } from '~/ui/forms/bindFields';
import { AdminForm, LoadedSection } from '../shell/AdminForm';
import { useAdmin } from '../shell/AdminShell';
import { TextField } from '../shell/AdminUi';
import { adminAlert, useAdminAction } from '../shell/adminHooks';
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
  const bind = bindFields(draft, setDraft);
  const { busy, run } = useAdminAction();
  const submit = async () => {
    const platform = percentToBps(draft.platform);
    const provider = percentToBps(draft.provider);
    const days = /^\d{1,3}$/.test(draft.days.trim()) ? Number(draft.days) : Number.NaN;
    if (platform === null || provider === null || platform > 5000 || provider > 5000 || !(days <= 120)) {
      adminAlert(t('admin.cardPayments.invalid'));
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
    <AdminForm label={t('admin.cardPayments.title')} busy={busy} onSubmit={submit}>
      <TextField label={t('admin.cardPayments.platformFee')} {...bind('platform')} />
      <TextField label={t('admin.cardPayments.providerFee')} {...bind('provider')} />
      <TextField label={t('admin.cardPayments.holdDays')} {...bind('days')} />
    </AdminForm>
  );
}

/**
 * Card payments' fees and the hold on their payable yen (../../ledger/cardPayments.server.ts), on the fee page.
 */
export function CardPaymentSettingsSection() {
  const { t } = useAdmin();
  return (
    <LoadedSection<CardPaymentSettings>
      title={t('admin.cardPayments.title')}
      lead={t('admin.cardPayments.lead')}
      path="/api/v1/admins/card_payment_settings"
    >
      {(settings) => <Form settings={settings} />}
    </LoadedSection>
  );
}
