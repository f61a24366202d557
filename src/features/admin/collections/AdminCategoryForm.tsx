import { useEffect, useId, useState } from 'react';
import { flashNextPage } from '~/ui/snackbar/flash';
import { type AdminScreenProps, AdminShell, useAdmin } from '../shell/AdminShell';
import { CheckboxField, LoadState, Section, SelectField, TextArea, TextField } from '../shell/AdminUi';
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
  const set = (change: Partial<CategoryFormValues>) => setForm({ ...form, ...change });
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
      <p className="mb-4">
        <a className="underline" href={to('/admins/categories')}>
          {t('admin.common.back')}
        </a>
      </p>
      <Section title={t(current ? 'admin.categories.editTitle' : 'admin.categories.new')}>
        <form
          className="grid max-w-2xl gap-4"
          aria-label={t(current ? 'admin.categories.editTitle' : 'admin.categories.new')}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <SelectField
            label={t('admin.common.chain')}
            value={form.chainId}
            onChange={(chainId) => set({ chainId })}
            options={chains.map((c) => [String(c.chainId), `${c.chainName} (${c.chainId})`] as const)}
          />
          <TextField
            label={t('admin.categories.contract')}
            value={form.contractAddress}
            required
            hint={addressProblem ? t('admin.categories.contractInvalid') : t('admin.categories.contractHint')}
            onChange={(contractAddress) => set({ contractAddress })}
          />
          <TextField label={t('admin.categories.name')} value={form.name} required onChange={(name) => set({ name })} />
          <TextField label={t('admin.categories.nameEn')} value={form.nameEn} onChange={(nameEn) => set({ nameEn })} />
          <TextArea
            label={t('admin.categories.description')}
            value={form.description}
            onChange={(description) => set({ description })}
          />
          <TextArea
            label={t('admin.categories.descriptionEn')}
            value={form.descriptionEn}
            onChange={(descriptionEn) => set({ descriptionEn })}
          />
          <SelectField
            label={t('admin.categories.creator')}
            value={form.creatorId}
            onChange={(creatorId) => set({ creatorId })}
            options={[['', t('admin.categories.creatorNone')], ...creatorOptions]}
          />
          <CheckboxField
            label={t('admin.categories.hideProject')}
            checked={form.hidden}
            onChange={(hidden) => set({ hidden })}
          />
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
          <div>
            <button type="submit" className="btn-primary" disabled={busy || addressProblem !== null}>
              {t(current ? 'admin.common.save' : 'admin.categories.create')}
            </button>
          </div>
        </form>
      </Section>
    </>
  );
}

/**
 * Create or edit a project: chain, contract address (checksum checked as typed), names, descriptions,
 * creator, hidden, image. @see docs/product-spec.md §2 (/admins/categories/new, /{address}/edit)
 */
export default function AdminCategoryForm({ chains, editing, ...props }: AdminScreenProps & FormProps) {
  return (
    <AdminShell {...props}>
      <CategoryForm chains={chains} editing={editing} />
    </AdminShell>
  );
}
