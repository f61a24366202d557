import { PagedTable } from '../shell/AdminListParts';
import { adminScreen, useAdmin } from '../shell/AdminShell';
import { Badge, Cell, FilterBar, TextField } from '../shell/AdminUi';
import { formatWhen } from '../shell/adminFormat';
import { useAdminList } from '../shell/adminList';
import type { AdminMessageKey } from '../shell/adminText';
import type { AdminCreatorRow } from '../shell/types';

const FILTERS = { q: '', page: '1' };

/** The table's columns. */
const COLUMNS: readonly AdminMessageKey[] = [
  'admin.creators.name',
  'admin.users.uid',
  'admin.users.wallet',
  'admin.creators.projects',
  'admin.creators.cards',
  'admin.creators.sales',
  'admin.common.createdAt',
];

/**
 * The creator (illustrator) list with a keyword; each links to its page under `basePath`
 * (`/admins/creators` or `/admins/illustrators`). @see docs/product-spec.md §2
 */
function Creators({ basePath }: { basePath: string }) {
  const { t, to } = useAdmin();
  const { bind, search, table } = useAdminList<AdminCreatorRow, typeof FILTERS>('/api/v1/admins/creators', FILTERS);
  const creatorRow = (creator: AdminCreatorRow) => (
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
  );
  return (
    <>
      <FilterBar onSubmit={search}>
        <TextField type="search" label={t('admin.creators.search')} {...bind('q')} />
      </FilterBar>
      <PagedTable {...table} label={t('admin.menu.creators')} head={COLUMNS} row={creatorRow} />
    </>
  );
}

export default adminScreen(Creators);
