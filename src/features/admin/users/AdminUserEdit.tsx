import { useEffect, useState } from 'react';
import { bindFields } from '~/ui/forms/bindFields';
import { AdminForm } from '../shell/AdminForm';
import { adminScreen, useAdmin } from '../shell/AdminShell';
import { BackLink, Badge, LoadState, Section, TextField } from '../shell/AdminUi';
import { formatWhen } from '../shell/adminFormat';
import { useAdminAction, useAdminData } from '../shell/adminHooks';
import type { AdminUserDetail } from '../shell/types';

type Save = (body: Record<string, unknown>, success: string) => Promise<void>;

/** The illustrator part: make one (ID, initial password, names), edit it, or turn it back into a user. */
function RoleForm({ user, save, busy }: { user: AdminUserDetail; save: Save; busy: boolean }) {
  const { t } = useAdmin();
  const current = user.illustrator;
  const active = user.role === 'illustrator' && current !== null && current.canSignIn;
  const [form, setForm] = useState({ uid: '', password: '', name: '', nameEn: '' });
  const bind = bindFields(form, setForm);
  useEffect(() => {
    setForm({ uid: current?.uid ?? '', password: '', name: current?.name ?? '', nameEn: current?.nameEn ?? '' });
  }, [current]);
  const submit = async () => {
    const body: Record<string, unknown> = { role: 'illustrator', uid: form.uid };
    if (form.password) body.password = form.password;
    if (form.name) body.name = form.name;
    if (form.nameEn || current) body.name_en = form.nameEn;
    await save(body, t(active ? 'admin.userEdit.updated' : 'admin.userEdit.madeIllustrator'));
  };
  return (
    <Section title={t('admin.userEdit.roleSection')}>
      <p className="mb-4 text-sm">
        {t('admin.users.role')}:{' '}
        <Badge tone={user.role === 'illustrator' ? 'good' : 'neutral'}>
          {user.role === 'illustrator' ? t('admin.users.roleIllustrator') : t('admin.users.roleUser')}
        </Badge>
        {current && !current.canSignIn && (
          <span className="ml-2 text-ink-muted">{t('admin.userEdit.signInLocked')}</span>
        )}
      </p>
      <AdminForm
        label={t(active ? 'admin.userEdit.illustratorAccount' : 'admin.userEdit.makeIllustrator')}
        busy={busy}
        onSubmit={submit}
        submitLabel={t(active ? 'admin.common.save' : 'admin.userEdit.makeIllustrator')}
        actions={
          active && (
            <button
              type="button"
              className="btn-ghost"
              disabled={busy}
              onClick={() => {
                if (window.confirm(t('admin.userEdit.confirmDemote')))
                  void save({ role: 'user' }, t('admin.userEdit.demoted'));
              }}
            >
              {t('admin.userEdit.demote')}
            </button>
          )
        }
      >
        <TextField label={t('admin.userEdit.uid')} required hint={t('admin.userEdit.uidHint')} {...bind('uid')} />
        <TextField
          type="password"
          autoComplete="new-password"
          label={t(active ? 'admin.userEdit.newPassword' : 'admin.userEdit.password')}
          hint={t('admin.userEdit.passwordHint')}
          required={!active}
          {...bind('password')}
        />
        <TextField label={t('admin.userEdit.creatorName')} {...bind('name')} />
        <TextField label={t('admin.userEdit.creatorNameEn')} {...bind('nameEn')} />
      </AdminForm>
    </Section>
  );
}

/** One user: account, role (make illustrator), suspension. @see docs/product-spec.md §2 */
function UserEdit({ userId }: { userId: number }) {
  const { t, session } = useAdmin();
  const path = `/api/v1/admins/users/${userId}`;
  const { data: user, loading, notFound, reload } = useAdminData<AdminUserDetail>(path);
  const { busy, run } = useAdminAction();
  const save: Save = async (body, success) => {
    const updated = await run(() => session.client.put<AdminUserDetail>(path, body), success);
    if (updated) reload();
  };
  return (
    <>
      <BackLink path={'/admins/users'} />
      {!user ? (
        <LoadState loading={loading} notFound={notFound} />
      ) : (
        <>
          <Section title={t('admin.userEdit.profile')}>
            <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
              <dt className="text-ink-muted">{t('admin.users.wallet')}</dt>
              <dd className="font-mono break-all" data-user-wallet>
                {user.walletAddress}
              </dd>
              <dt className="text-ink-muted">{t('admin.users.name')}</dt>
              <dd>{user.profileName ?? '—'}</dd>
              <dt className="text-ink-muted">{t('admin.common.createdAt')}</dt>
              <dd>{formatWhen(user.createdAt)}</dd>
              <dt className="text-ink-muted">{t('admin.users.lastLogin')}</dt>
              <dd>{formatWhen(user.lastLoginAt)}</dd>
              <dt className="text-ink-muted">{t('admin.userEdit.ownedCards')}</dt>
              <dd>{user.ownedCards}</dd>
              <dt className="text-ink-muted">{t('admin.creator.payoutWallet')}</dt>
              <dd className="font-mono break-all">{user.payoutWalletAddress ?? '—'}</dd>
            </dl>
          </Section>
          <RoleForm user={user} save={save} busy={busy} />
          <Section title={t('admin.userEdit.suspension')}>
            <p className="mb-4 text-sm">
              {user.suspended ? (
                <Badge tone="bad">{t('admin.userEdit.suspendedSince', { date: formatWhen(user.suspendedAt) })}</Badge>
              ) : (
                <Badge tone="good">{t('admin.users.active')}</Badge>
              )}
            </p>
            {user.suspended ? (
              <button
                type="button"
                className="btn-primary"
                disabled={busy}
                onClick={() => void save({ suspended: false }, t('admin.userEdit.restored'))}
              >
                {t('admin.userEdit.restore')}
              </button>
            ) : (
              <button
                type="button"
                className="btn-ghost"
                disabled={busy}
                onClick={() => {
                  if (window.confirm(t('admin.userEdit.confirmSuspend')))
                    void save({ suspended: true }, t('admin.userEdit.suspendedDone'));
                }}
              >
                {t('admin.userEdit.suspend')}
              </button>
            )}
          </Section>
        </>
      )}
    </>
  );
}

export default adminScreen(UserEdit);
