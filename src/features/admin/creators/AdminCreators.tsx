import { useState } from 'react';
import { PagedTable } from '../shell/AdminListParts';
import { type AdminScreenProps, AdminShell, useAdmin } from '../shell/AdminShell';
import { Badge, Cell, FilterBar, TextField } from '../shell/AdminUi';
import { formatWhen } from '../shell/adminFormat';
import { toQuery, useAdminData, useQueryState } from '../shell/adminHooks';
import type { AdminCreatorRow, Page } from '../shell/types';

const FILTERS = { q: '', page: '1' };

function Creators({ basePath }: { basePath: string }) {
  const { t, to } = useAdmin();
  const [filters, setFilters] = useQueryState(FILTERS);
  const [q, setQ] = useState(filters.q);
  const { data, loading, notFound } = useAdminData<Page<AdminCreatorRow>>('/api/v1/admins/creators', toQuery(filters));
  return (
    <>
      <FilterBar onSubmit={() => setFilters({ q, page: '1' })}>
        <TextField type="search" label={t('admin.creators.search')} value={q} onChange={setQ} />
      </FilterBar>
      <PagedTable
        data={data}
        loading={loading}
        notFound={notFound}
        label={t('admin.menu.creators')}
        head={[
          t('admin.creators.name'),
          t('admin.users.uid'),
          t('admin.users.wallet'),
          t('admin.creators.projects'),
          t('admin.creators.cards'),
          t('admin.creators.sales'),
          t('admin.common.createdAt'),
        ]}
        onPage={(page) => setFilters({ page: String(page) })}
        row={(creator) => (
          <tr key={creator.id}>
            <Cell>
              <a className="underline" href={to(`${basePath}/${creator.id}`)}>
                {creator.name}
              </a>
              {creator.nameEn && <span className="block text-xs text-ink-muted">{creator.nameEn}</span>}
              {creator.suspended && <Badge tone="bad">{t('admin.users.suspended')}</Badge>}
            </Cell>
            <Cell>{creator.uid}</Cell>
            <Cell mono>{creator.walletAddress}</Cell>
            <Cell>{creator.categoryCount}</Cell>
            <Cell>{creator.cardCount}</Cell>
            <Cell>{creator.salesCount}</Cell>
            <Cell>{formatWhen(creator.createdAt)}</Cell>
          </tr>
        )}
      />
    </>
  );
}

/**
 * The creator (illustrator) list with a keyword; each links to its page under `basePath`
 * (`/admins/creators` or `/admins/illustrators`). @see docs/product-spec.md §2
 */
export default function AdminCreators({ basePath, ...props }: AdminScreenProps & { basePath: string }) {
  return (
    <AdminShell {...props}>
      <Creators basePath={basePath} />
    </AdminShell>
  );
}
