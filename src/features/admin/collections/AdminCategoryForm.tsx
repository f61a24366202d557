import { useEffect, useId, useState } from 'react';
import { bindFields } from '~/ui/forms/bindFields';
import { flashNextPage } from '~/ui/snackbar/flash';
import { AdminForm } from '../shell/AdminForm';
import { adminScreen, useAdmin } from '../shell/AdminShell';
import { BackLink, CheckboxField, LoadState, Section, SelectField, TextArea, TextField } from '../shell/AdminUi';
import type { ChainChoice } from '../shell/adminFormat';
import { useAdminAction, useAdminData } from '../shell/adminHooks';
import type { AdminCategoryRow, AdminCreatorRow, Page } from '../shell/types';
import { type CategoryFormValues, categoryFormBody, contractAddressProblem, emptyCategoryForm } from './categoryInput';

interface FormProps {
  chains: readonly ChainChoice[];
  /** The project being edited (its contract address and chain), or null for a new one. */
  editing: { address: string; chainId: number | null } | null;
}

const formOf = (row: AdminCategoryRow): CategoryFormValues => ({
  chainId: String(row.chainId),
  contractAddress: row.contractAddress,
  name: row.name,
  nameEn: row.nameEn ?? '',
  description: row.description ?? '',
  descriptionEn: row.descriptionEn ?? '',
  creatorId: row.creator ? String(row.creator.id) : '',
  hidden: row.hidden,
});

/**
 * Create or edit a project: chain, contract address (checksum checked as typed), names, descriptions,
 * creator, hidden, image. @see docs/product-spec.md §2 (/admins/categories/new, /{address}/edit)
 */
function CategoryForm({ chains, editing }: FormProps) {
  const { t, to, session } = useAdmin();
  const query = editing?.chainId ? `?chain_id=${editing.chainId}` : '';
  const {
    data: current,
    loading,
    notFound,
  } = useAdminData<AdminCategoryRow>(editing ? `/api/v1/admins/categories/${editing.address}${query}` : null);
  const creators = useAdminData<Page<AdminCreatorRow>>('/api/v1/admins/creators', { per_page: 100 });
  const [form, setForm] = useState<CategoryFormValues>(() => emptyCategoryForm(chains[0]?.chainId ?? 1));
  const [file, setFile] = useState<File | null>(null);
  const { busy, run } = useAdminAction();
  const imageId = useId();
  useEffect(() => {
    if (current) setForm(formOf(current));
  }, [current]);
  if (editing && !current) return <LoadState loading={loading} notFound={notFound} />;
  const bind = bindFields(form, setForm);
  const addressProblem = form.contractAddress.trim() ? contractAddressProblem(form.contractAddress.trim()) : null;

  const submit = async () => {
    const body = categoryFormBody(form);
    const saved = await run(() =>
      current
        ? session.client.put<AdminCategoryRow>(
            `/api/v1/admins/categories/${current.contractAddress}?chain_id=${current.chainId}`,
            body,
          )
        : session.client.post<AdminCategoryRow>('/api/v1/admins/categories', body),
    );
    if (!saved) return;
    const chainQuery = `?chain_id=${saved.chainId}`;
    let uploaded: unknown = true;
    if (file) {
      const upload = new FormData();
      upload.append('image', file);
      uploaded = await run(() =>
        session.client.post(`/api/v1/admins/categories/${saved.contractAddress}/image${chainQuery}`, upload),
      );
    }
    if (uploaded) flashNextPage(current ? 'admin.categories.updated' : 'admin.categories.created');
    else flashNextPage('admin.categories.imageFailed', 'alert');
    window.location.assign(to(`/admins/categories/${saved.contractAddress}/edit${chainQuery}`));
  };

  const creatorOptions = (creators.data?.items ?? []).map((c) => [String(c.id), `${c.name} (${c.uid})`] as const);
  return (
    <>
      <BackLink path={'/admins/categories'} />
      <Section title={t(current ? 'admin.categories.editTitle' : 'admin.categories.new')}>
        <AdminForm
          className="grid max-w-2xl gap-4"
          label={t(current ? 'admin.categories.editTitle' : 'admin.categories.new')}
          busy={busy}
          disabled={addressProblem !== null}
          onSubmit={submit}
          submitLabel={t(current ? 'admin.common.save' : 'admin.categories.create')}
        >
          <SelectField
            label={t('admin.common.chain')}
            {...bind('chainId')}
            options={chains.map((c) => [String(c.chainId), `${c.chainName} (${c.chainId})`] as const)}
          />
          <TextField
            label={t('admin.categories.contract')}
            required
            hint={addressProblem ? t('admin.categories.contractInvalid') : t('admin.categories.contractHint')}
            {...bind('contractAddress')}
          />
          <TextField label={t('admin.categories.name')} required {...bind('name')} />
          <TextField label={t('admin.categories.nameEn')} {...bind('nameEn')} />
          <TextArea label={t('admin.categories.description')} {...bind('description')} />
          <TextArea label={t('admin.categories.descriptionEn')} {...bind('descriptionEn')} />
          <SelectField
            label={t('admin.categories.creator')}
            {...bind('creatorId')}
            options={[['', t('admin.categories.creatorNone')], ...creatorOptions]}
          />
          <CheckboxField label={t('admin.categories.hideProject')} {...bind('hidden')} />
          <div className="grid gap-2 text-sm">
            {current?.image && (
              <img
                src={current.image}
                alt={t('admin.categories.currentImage')}
                width={120}
                height={120}
                className="rounded"
              />
            )}
            <label className="grid gap-1" htmlFor={imageId}>
              {t('admin.categories.image')}
            </label>
            <input
              id={imageId}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              aria-describedby={`${imageId}-hint`}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            <span id={`${imageId}-hint`} className="text-xs text-ink-faint">
              {t('admin.categories.imageHint')}
            </span>
          </div>
        </AdminForm>
      </Section>
    </>
  );
}

export default adminScreen(CategoryForm);
