import { useState } from 'react';
import { ChainFilter, PagedTable, VisibilityFilter } from '../shell/AdminListParts';
import { type AdminScreenProps, AdminShell, useAdmin } from '../shell/AdminShell';
import { Badge, Cell, FilterBar, TextField } from '../shell/AdminUi';
import { type ChainChoice, chainLabel, formatWhen } from '../shell/adminFormat';
import { toQuery, useAdminData, useQueryState } from '../shell/adminHooks';
import type { AdminCategoryRow, Page } from '../shell/types';

const FILTERS = { q: '', chain_id: '', hidden: '', page: '1' };

function Categories({ chains }: { chains: readonly ChainChoice[] }) {
  const { t, to } = useAdmin();
  const [filters, setFilters] = useQueryState(FILTERS);
  const [draft, setDraft] = useState(filters);
  const { data, loading, notFound } = useAdminData<Page<AdminCategoryRow>>(
    '/api/v1/admins/categories',
    toQuery(filters),
  );
  return (
    <>
      <p className="mb-4">
        <a className="btn-primary" href={to('/admins/categories/new')}>
          {t('admin.categories.new')}
        </a>
      </p>
      <FilterBar onSubmit={() => setFilters({ ...draft, page: '1' })}>
        <TextField
          type="search"
          label={t('admin.categories.search')}
          value={draft.q}
          onChange={(q) => setDraft({ ...draft, q })}
        />
        <ChainFilter
          chains={chains}
          value={draft.chain_id}
          onChange={(chainId) => setDraft({ ...draft, chain_id: chainId })}
        />
        <VisibilityFilter value={draft.hidden} onChange={(hidden) => setDraft({ ...draft, hidden })} />
      </FilterBar>
      <PagedTable
        data={data}
        loading={loading}
        notFound={notFound}
        label={t('admin.menu.categories')}
        head={[
          t('admin.categories.image'),
          t('admin.categories.name'),
          t('admin.common.chain'),
          t('admin.categories.contract'),
          t('admin.categories.creator'),
          t('admin.creators.cards'),
          t('admin.common.status'),
          t('admin.common.createdAt'),
        ]}
        onPage={(page) => setFilters({ page: String(page) })}
        row={(category) => (
          <tr key={category.id}>
            <Cell>
              {category.image ? (
                <img src={category.image} alt="" width={48} height={48} className="h-12 w-12 rounded object-cover" />
              ) : (
                '—'
              )}
            </Cell>
            <Cell>
              <a
                className="underline"
                href={to(`/admins/categories/${category.contractAddress}/edit?chain_id=${category.chainId}`)}
              >
                {category.name}
              </a>
              {category.nameEn && <span className="block text-xs text-ink-muted">{category.nameEn}</span>}
            </Cell>
            <Cell>{chainLabel(category.chainId, chains)}</Cell>
            <Cell mono>{category.contractAddress}</Cell>
            <Cell>{category.creator?.name ?? '—'}</Cell>
            <Cell>{category.cardCount}</Cell>
            <Cell>
              {category.hidden ? (
                <Badge tone="bad">{t('admin.common.hidden')}</Badge>
              ) : (
                <Badge tone="good">{t('admin.common.visible')}</Badge>
              )}
            </Cell>
            <Cell>{formatWhen(category.createdAt)}</Cell>
          </tr>
        )}
      />
    </>
  );
}

/** The project list with hidden ones, filters and a link to create one. @see docs/product-spec.md §2 */
export default function AdminCategories({ chains, ...props }: AdminScreenProps & { chains: readonly ChainChoice[] }) {
  return (
    <AdminShell {...props}>
      <Categories chains={chains} />
    </AdminShell>
  );
}
