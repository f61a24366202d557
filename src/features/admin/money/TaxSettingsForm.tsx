import { useState } from 'react';
import { invoiceNumberProblem, normaliseInvoiceNumber } from '~/features/ledger/tax/invoiceNumber';
import type { TaxSettings } from '~/features/ledger/tax/taxSettings.server';
import { bindFields } from '~/ui/forms/bindFields';
import { AdminForm, LoadedSection } from '../shell/AdminForm';
import { useAdmin } from '../shell/AdminShell';
import { CheckboxField, Section, TextField } from '../shell/AdminUi';
import { adminAlert, useAdminAction } from '../shell/adminHooks';

interface Draft {
  withholdPrimary: boolean;
  withholdRoyalty: boolean;
  issuerName: string;
  invoiceNumber: string;
  cutoff: string;
  payment: string;
}

const draftOf = (settings: TaxSettings): Draft => ({
  withholdPrimary: settings.withholdPrimary,
  withholdRoyalty: settings.withholdRoyalty,
  issuerName: settings.issuerName,
  invoiceNumber: settings.invoiceNumber ?? '',
  cutoff: String(settings.payoutCutoffDay),
  payment: String(settings.payoutPaymentDay),
});

const day = (text: string) =>
  /^\d{1,2}$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 31 ? Number(text) : null;

function Form({ settings }: { settings: TaxSettings }) {
  const { t, session } = useAdmin();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const bind = bindFields(draft, setDraft);
  const { busy, run } = useAdminAction();
  const submit = async () => {
    const number = normaliseInvoiceNumber(draft.invoiceNumber);
    const cutoff = day(draft.cutoff);
    const payment = day(draft.payment);
    if ((number !== '' && invoiceNumberProblem(number)) || cutoff === null || payment === null) {
      adminAlert(t('admin.tax.invalid'));
      return;
    }
    const saved = await run(
      () =>
        session.client.put<TaxSettings>('/api/v1/admins/tax_settings', {
          withholdPrimary: draft.withholdPrimary,
          withholdRoyalty: draft.withholdRoyalty,
          issuerName: draft.issuerName,
          invoiceNumber: number === '' ? null : number,
          payoutCutoffDay: cutoff,
          payoutPaymentDay: payment,
        }),
      t('admin.tax.saved'),
    );
    if (saved) setDraft(draftOf(saved));
  };
  return (
    <AdminForm label={t('admin.tax.title')} busy={busy} onSubmit={submit}>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">{t('admin.tax.withholding')}</legend>
        <CheckboxField label={t('admin.tax.withholdPrimary')} {...bind('withholdPrimary')} />
        <CheckboxField label={t('admin.tax.withholdRoyalty')} {...bind('withholdRoyalty')} />
      </fieldset>
      <TextField label={t('admin.tax.issuerName')} {...bind('issuerName')} />
      <TextField label={t('admin.tax.invoiceNumber')} placeholder="T1234567890123" {...bind('invoiceNumber')} />
      <TextField label={t('admin.tax.cutoffDay')} hint={t('admin.tax.dayHint')} {...bind('cutoff')} />
      <TextField label={t('admin.tax.paymentDay')} hint={t('admin.tax.dayHint')} {...bind('payment')} />
    </AdminForm>
  );
}

/**
 * The platform's tax settings on the fee page (../../ledger/tax/taxSettings.server.ts): withholding per kind of
 * income, the name and registration number printed on fee invoices, and the payout calendar.
 */
export function TaxSettingsSection() {
  const { t } = useAdmin();
  return (
    <LoadedSection<TaxSettings>
      title={t('admin.tax.title')}
      lead={t('admin.tax.lead')}
      path="/api/v1/admins/tax_settings"
    >
      {(settings) => <Form settings={settings} />}
    </LoadedSection>
  );
}

/** Download links of the month's withholding remittance and the year's payment records (plain GETs). */
export function TaxFilesSection() {
  const { t } = useAdmin();
  const now = new Date(Date.now() + 9 * 3_600_000).toISOString();
  const [month, setMonth] = useState(now.slice(0, 7));
  const [year, setYear] = useState(String(Number(now.slice(0, 4)) - 1));
  const monthOk = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const yearOk = /^\d{4}$/.test(year);
  return (
    <Section title={t('admin.tax.filesTitle')}>
      <p className="mb-4 text-sm text-ink-muted">{t('admin.tax.filesLead')}</p>
      <div className="grid max-w-xl gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <TextField label={t('admin.tax.month')} value={month} placeholder="2026-01" onChange={setMonth} />
          {monthOk && (
            <a className="underline" href={`/api/v1/admins/withholding?month=${month}`} download>
              {t('admin.tax.withholdingCsv', { month })}
            </a>
          )}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <TextField label={t('admin.tax.year')} value={year} placeholder="2026" onChange={setYear} />
          {yearOk && (
            <a className="underline" href={`/api/v1/admins/payment_records/${year}.csv`} download>
              {t('admin.tax.recordsCsv', { year })}
            </a>
          )}
        </div>
      </div>
    </Section>
  );
}
