import { useState } from 'react';
import { invoiceNumberProblem, normaliseInvoiceNumber } from '~/features/ledger/tax/invoiceNumber';
import type { TaxSettings } from '~/features/ledger/tax/taxSettings.server';
import { LAYOUT_SNACKBAR_TIMEOUT, showSnackbar } from '~/ui/snackbar/store';
import { useAdmin } from '../shell/AdminShell';
import { CheckboxField, LoadState, Section, TextField } from '../shell/AdminUi';
import { useAdminAction, useAdminData } from '../shell/adminHooks';

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
  const { busy, run } = useAdminAction();
  const submit = async () => {
    const number = normaliseInvoiceNumber(draft.invoiceNumber);
    const cutoff = day(draft.cutoff);
    const payment = day(draft.payment);
    if ((number !== '' && invoiceNumberProblem(number)) || cutoff === null || payment === null) {
      showSnackbar(t('admin.tax.invalid'), { color: 'alert', timeout: LAYOUT_SNACKBAR_TIMEOUT });
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
    <form
      className="grid max-w-xl gap-4"
      aria-label={t('admin.tax.title')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-semibold">{t('admin.tax.withholding')}</legend>
        <CheckboxField
          label={t('admin.tax.withholdPrimary')}
          checked={draft.withholdPrimary}
          onChange={(withholdPrimary) => setDraft({ ...draft, withholdPrimary })}
        />
        <CheckboxField
          label={t('admin.tax.withholdRoyalty')}
          checked={draft.withholdRoyalty}
          onChange={(withholdRoyalty) => setDraft({ ...draft, withholdRoyalty })}
        />
      </fieldset>
      <TextField
        label={t('admin.tax.issuerName')}
        value={draft.issuerName}
        onChange={(issuerName) => setDraft({ ...draft, issuerName })}
      />
      <TextField
        label={t('admin.tax.invoiceNumber')}
        value={draft.invoiceNumber}
        placeholder="T1234567890123"
        onChange={(invoiceNumber) => setDraft({ ...draft, invoiceNumber })}
      />
      <TextField
        label={t('admin.tax.cutoffDay')}
        hint={t('admin.tax.dayHint')}
        value={draft.cutoff}
        onChange={(cutoff) => setDraft({ ...draft, cutoff })}
      />
      <TextField
        label={t('admin.tax.paymentDay')}
        hint={t('admin.tax.dayHint')}
        value={draft.payment}
        onChange={(payment) => setDraft({ ...draft, payment })}
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
 * The platform's tax settings on the fee page (../../ledger/tax/taxSettings.server.ts): withholding per kind of
 * income, the name and registration number printed on fee invoices, and the payout calendar.
 */
export function TaxSettingsSection() {
  const { t } = useAdmin();
  const { data, loading, notFound } = useAdminData<TaxSettings>('/api/v1/admins/tax_settings');
  return (
    <Section title={t('admin.tax.title')}>
      <p className="mb-4 text-sm text-ink-muted">{t('admin.tax.lead')}</p>
      {data ? <Form settings={data} /> : <LoadState loading={loading} notFound={notFound} />}
    </Section>
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
