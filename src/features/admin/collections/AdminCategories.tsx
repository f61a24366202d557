import { ChainFilter, HiddenBadge, PagedTable, VisibilityFilter } from '../shell/AdminListParts';
import { adminScreen, useAdmin } from '../shell/AdminShell';
import { Cell, FilterBar, TextField } from '../shell/AdminUi';
import { type ChainChoice, chainLabel, formatWhen } from '../shell/adminFormat';
import { useAdminList } from '../shell/adminList';
import type { AdminMessageKey } from '../shell/adminText';
import type { AdminCategoryRow } from '../shell/types';

const FILTERS = { q: '', chain_id: '', hidden: '', page: '1' };

/** The table's columns. */
const COLUMNS: readonly AdminMessageKey[] = [
  'admin.categories.image',
  'admin.categories.name',
  'admin.common.chain',
  'admin.categories.contract',
  'admin.categories.creator',
  'admin.creators.cards',
  'admin.common.status',
  'admin.common.createdAt',
];

/** The project list with hidden ones, filters and a link to create one. @see docs/product-spec.md §2 */
function Categories({ chains }: { chains: readonly ChainChoice[] }) {
  const { t, to } = useAdmin();
  const { bind, search, table } = useAdminList<AdminCategoryRow, typeof FILTERS>('/api/v1/admins/categories', FILTERS);
  const categoryRow = (category: AdminCategoryRow) => (
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
        <HiddenBadge hidden={category.hidden} />
      </Cell>
      <Cell>{formatWhen(category.createdAt)}</Cell>
    </tr>
  );
  return (
    <>
      <p className="mb-4">
        <a className="btn-primary" href={to('/admins/categories/new')}>
          {t('admin.categories.new')}
        </a>
      </p>
      <FilterBar onSubmit={search}>
        <TextField type="search" label={t('admin.categories.search')} {...bind('q')} />
        <ChainFilter chains={chains} {...bind('chain_id')} />
        <VisibilityFilter {...bind('hidden')} />
      </FilterBar>
      <PagedTable {...table} label={t('admin.menu.categories')} head={COLUMNS} row={categoryRow} />
    </>
  );
}

export default adminScreen(Categories);
