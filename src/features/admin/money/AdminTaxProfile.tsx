import { useState } from 'react';
import { invoiceNumberProblem, normaliseInvoiceNumber } from '~/features/ledger/tax/invoiceNumber';
import type { TaxProfile } from '~/features/ledger/tax/taxProfile.server';
import { bindFields } from '~/ui/forms/bindFields';
import { AdminForm, LoadedSection } from '../shell/AdminForm';
import { useAdmin } from '../shell/AdminShell';
import { CheckboxField, SelectField, TextField } from '../shell/AdminUi';
import { adminAlert, useAdminAction } from '../shell/adminHooks';

function Form({ illustratorId, profile }: { illustratorId: number; profile: TaxProfile }) {
  const { t, session } = useAdmin();
  const [draft, setDraft] = useState({ ...profile, invoiceNumber: profile.invoiceNumber ?? '' });
  const bind = bindFields(draft, setDraft);
  const { busy, run } = useAdminAction();
  const submit = async () => {
    const number = normaliseInvoiceNumber(draft.invoiceNumber);
    if (number !== '' && invoiceNumberProblem(number)) {
      adminAlert(t('admin.tax.invalid'));
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
    <AdminForm label={t('admin.tax.profileTitle')} busy={busy} onSubmit={submit}>
      <SelectField
        label={t('admin.tax.kind')}
        value={draft.kind}
        options={[
          ['individual', t('admin.tax.individual')],
          ['corporation', t('admin.tax.corporation')],
        ]}
        onChange={(kind) => setDraft({ ...draft, kind: kind === 'corporation' ? 'corporation' : 'individual' })}
      />
      <CheckboxField label={t('admin.tax.resident')} {...bind('resident')} />
      <TextField label={t('admin.tax.legalName')} {...bind('legalName')} />
      <TextField label={t('admin.tax.profileNumber')} placeholder="T1234567890123" {...bind('invoiceNumber')} />
    </AdminForm>
  );
}

/** An illustrator's tax profile on their admin page, to see and correct (audited). @see docs/tax.md */
export function AdminTaxProfileSection({ illustratorId }: { illustratorId: number }) {
  const { t } = useAdmin();
  return (
    <LoadedSection<TaxProfile>
      title={t('admin.tax.profileTitle')}
      path={`/api/v1/admins/creators/${illustratorId}/tax_profile`}
    >
      {(profile) => <Form illustratorId={illustratorId} profile={profile} />}
    </LoadedSection>
  );
}
