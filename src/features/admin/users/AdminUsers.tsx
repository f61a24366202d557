import { useState } from 'react';
import { PagedTable } from '../shell/AdminListParts';
import { type AdminScreenProps, AdminShell, useAdmin } from '../shell/AdminShell';
import { Badge, Cell, FilterBar, SelectField, TextField } from '../shell/AdminUi';
import { formatWhen } from '../shell/adminFormat';
import { toQuery, useAdminData, useQueryState } from '../shell/adminHooks';
import type { AdminUserRow, Page } from '../shell/types';

const FILTERS = { q: '', role: '', suspended: '', page: '1' };

function Users() {
  const { t, to } = useAdmin();
  const [filters, setFilters] = useQueryState(FILTERS);
  const [draft, setDraft] = useState(filters);
  const { data, loading, notFound } = useAdminData<Page<AdminUserRow>>('/api/v1/admins/users', toQuery(filters));
  return (
    <>
      <FilterBar onSubmit={() => setFilters({ ...draft, page: '1' })}>
        <TextField
          type="search"
          label={t('admin.users.search')}
          hint={t('admin.users.searchHint')}
          value={draft.q}
          onChange={(q) => setDraft({ ...draft, q })}
        />
        <SelectField
          label={t('admin.users.role')}
          value={draft.role}
          onChange={(role) => setDraft({ ...draft, role })}
          options={[
            ['', t('admin.common.all')],
            ['user', t('admin.users.roleUser')],
            ['illustrator', t('admin.users.roleIllustrator')],
          ]}
        />
        <SelectField
          label={t('admin.common.status')}
          value={draft.suspended}
          onChange={(suspended) => setDraft({ ...draft, suspended })}
          options={[
            ['', t('admin.common.all')],
            ['false', t('admin.users.active')],
            ['true', t('admin.users.suspended')],
          ]}
        />
      </FilterBar>
      <PagedTable
        data={data}
        loading={loading}
        notFound={notFound}
        label={t('admin.menu.users')}
        head={[
          t('admin.users.wallet'),
          t('admin.users.name'),
          t('admin.users.role'),
          t('admin.users.uid'),
          t('admin.common.status'),
          t('admin.users.lastLogin'),
          t('admin.common.actions'),
        ]}
        onPage={(page) => setFilters({ page: String(page) })}
        row={(user) => (
          <tr key={user.id}>
            <Cell mono>{user.walletAddress}</Cell>
            <Cell>{user.illustrator?.name ?? user.profileName ?? '—'}</Cell>
            <Cell>{user.role === 'illustrator' ? t('admin.users.roleIllustrator') : t('admin.users.roleUser')}</Cell>
            <Cell>{user.illustrator?.uid ?? '—'}</Cell>
            <Cell>
              {user.suspended ? (
                <Badge tone="bad">{t('admin.users.suspended')}</Badge>
              ) : (
                <Badge tone="good">{t('admin.users.active')}</Badge>
              )}
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
        )}
      />
    </>
  );
}

/** The user list: search, role and suspension filters, pages. @see docs/product-spec.md §2 */
export default function AdminUsers(props: AdminScreenProps) {
  return (
    <AdminShell {...props}>
      <Users />
    </AdminShell>
  );
}
