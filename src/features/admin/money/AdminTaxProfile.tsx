import { useState } from 'react';
import { invoiceNumberProblem, normaliseInvoiceNumber } from '~/features/ledger/tax/invoiceNumber';
import type { TaxProfile } from '~/features/ledger/tax/taxProfile.server';
import { LAYOUT_SNACKBAR_TIMEOUT, showSnackbar } from '~/ui/snackbar/store';
import { useAdmin } from '../shell/AdminShell';
import { CheckboxField, LoadState, Section, SelectField, TextField } from '../shell/AdminUi';
import { useAdminAction, useAdminData } from '../shell/adminHooks';

function Form({ illustratorId, profile }: { illustratorId: number; profile: TaxProfile }) {
  const { t, session } = useAdmin();
  const [draft, setDraft] = useState({ ...profile, invoiceNumber: profile.invoiceNumber ?? '' });
  const { busy, run } = useAdminAction();
  const submit = async () => {
    const number = normaliseInvoiceNumber(draft.invoiceNumber);
    if (number !== '' && invoiceNumberProblem(number)) {
      showSnackbar(t('admin.tax.invalid'), { color: 'alert', timeout: LAYOUT_SNACKBAR_TIMEOUT });
      return;
    }
    const saved = await run(
      () =>
        session.client.put<TaxProfile>(`/api/v1/admins/creators/${illustratorId}/tax_profile`, {
          kind: draft.kind,
          resident: draft.resident,
          legalName: draft.legalName,
          invoiceNumber: number === '' ? null : number,
        }),
      t('admin.tax.profileSaved'),
    );
    if (saved) setDraft({ ...saved, invoiceNumber: saved.invoiceNumber ?? '' });
  };
  return (
    <form
      className="grid max-w-xl gap-4"
      aria-label={t('admin.tax.profileTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <SelectField
        label={t('admin.tax.kind')}
        value={draft.kind}
        options={[
          ['individual', t('admin.tax.individual')],
          ['corporation', t('admin.tax.corporation')],
        ]}
        onChange={(kind) => setDraft({ ...draft, kind: kind === 'corporation' ? 'corporation' : 'individual' })}
      />
      <CheckboxField
        label={t('admin.tax.resident')}
        checked={draft.resident}
        onChange={(resident) => setDraft({ ...draft, resident })}
      />
      <TextField
        label={t('admin.tax.legalName')}
        value={draft.legalName}
        onChange={(legalName) => setDraft({ ...draft, legalName })}
      />
      <TextField
        label={t('admin.tax.profileNumber')}
        value={draft.invoiceNumber}
        placeholder="T1234567890123"
        onChange={(invoiceNumber) => setDraft({ ...draft, invoiceNumber })}
      />
      <div>
        <button type="submit" className="btn-primary" disabled={busy}>
          {t('admin.common.save')}
        </button>
      </div>
    </form>
  );
}

/** An illustrator's tax profile on their admin page, to see and correct (audited). @see docs/tax.md */
export function AdminTaxProfileSection({ illustratorId }: { illustratorId: number }) {
  const { t } = useAdmin();
  const { data, loading, notFound } = useAdminData<TaxProfile>(`/api/v1/admins/creators/${illustratorId}/tax_profile`);
  return (
    <Section title={t('admin.tax.profileTitle')}>
      {data ? (
        <Form illustratorId={illustratorId} profile={data} />
      ) : (
        <LoadState loading={loading} notFound={notFound} />
      )}
    </Section>
  );
}
