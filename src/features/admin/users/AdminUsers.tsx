import { ChoiceFilter, PagedTable, SuspendedBadge } from '../shell/AdminListParts';
import { adminScreen, useAdmin } from '../shell/AdminShell';
import { Cell, FilterBar, TextField } from '../shell/AdminUi';
import { formatWhen } from '../shell/adminFormat';
import { useAdminList } from '../shell/adminList';
import type { AdminMessageKey } from '../shell/adminText';
import type { AdminUserRow } from '../shell/types';

const FILTERS = { q: '', role: '', suspended: '', page: '1' };
const ROLES = [
  ['user', 'admin.users.roleUser'],
  ['illustrator', 'admin.users.roleIllustrator'],
] as const;
const SUSPENSION = [
  ['false', 'admin.users.active'],
  ['true', 'admin.users.suspended'],
] as const;

/** The table's columns. */
const COLUMNS: readonly AdminMessageKey[] = [
  'admin.users.wallet',
  'admin.users.name',
  'admin.users.role',
  'admin.users.uid',
  'admin.common.status',
  'admin.users.lastLogin',
  'admin.common.actions',
];

/** The user list: search, role and suspension filters, pages. @see docs/product-spec.md §2 */
function Users() {
  const { t, to } = useAdmin();
  const { bind, search, table } = useAdminList<AdminUserRow, typeof FILTERS>('/api/v1/admins/users', FILTERS);
  const userRow = (user: AdminUserRow) => (
    <tr key={user.id}>
      <Cell mono>{user.walletAddress}</Cell>
      <Cell>{user.illustrator?.name ?? user.profileName ?? '—'}</Cell>
      <Cell>{user.role === 'illustrator' ? t('admin.users.roleIllustrator') : t('admin.users.roleUser')}</Cell>
      <Cell>{user.illustrator?.uid ?? '—'}</Cell>
      <Cell>
        <SuspendedBadge suspended={user.suspended} />
      </Cell>
      <Cell>{formatWhen(user.lastLoginAt)}</Cell>
      <Cell>
        <a
          className="underline"
          href={to(`/admins/users/${user.id}/edit`)}
          aria-label={t('admin.users.editUser', { wallet: user.walletAddress })}
        >
          {t('admin.common.edit')}
        </a>
      </Cell>
    </tr>
  );
  return (
    <>
      <FilterBar onSubmit={search}>
        <TextField type="search" label={t('admin.users.search')} hint={t('admin.users.searchHint')} {...bind('q')} />
        <ChoiceFilter label={t('admin.users.role')} {...bind('role')} choices={ROLES} />
        <ChoiceFilter label={t('admin.common.status')} {...bind('suspended')} choices={SUSPENSION} />
      </FilterBar>
      <PagedTable {...table} label={t('admin.menu.users')} head={COLUMNS} row={userRow} />
    </>
  );
}

export default adminScreen(Users);
