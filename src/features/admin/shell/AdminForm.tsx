/**
 * The form of an admin screen (its fields, a submit button and actions beside it) and the section that loads what
 * a form edits, so the settings forms of the back office read alike.
 *
 * @see ./AdminUi.tsx (the fields), ./adminHooks.ts (loading, running a change)
 */
import type { ReactNode } from 'react';
import { Submit } from '~/ui/forms/Submit';
import { useAdmin } from './AdminShell';
import { LoadState, Section } from './AdminUi';
import { useAdminData } from './adminHooks';

/**
 * A form of an admin screen: its fields, then a submit button saying `submitLabel` ("Save" unless given) and
 * `actions` beside it; submitting runs `onSubmit` (the page does not reload).
 */
export function AdminForm({
  label,
  busy,
  onSubmit,
  submitLabel,
  disabled = false,
  actions,
  className = 'grid max-w-xl gap-4',
  children,
}: {
  /** The form's accessible name. */
  label: string;
  busy: boolean;
  onSubmit: () => unknown;
  submitLabel?: string;
  /** Submitting is refused (beside while busy). */
  disabled?: boolean;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useAdmin();
  return (
    <form
      className={className}
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
      <div className={actions === undefined ? undefined : 'flex flex-wrap gap-3'}>
        <Submit label={submitLabel ?? t('admin.common.save')} busy={busy} disabled={disabled} />
        {actions}
      </div>
    </form>
  );
}

/** A titled section that loads `path` and shows what it answered through `children` (or the load's state). */
export function LoadedSection<T>({
  title,
  lead,
  path,
  children,
}: {
  title: string;
  lead?: string;
  path: string;
  children: (data: T) => ReactNode;
}) {
  const { data, loading, notFound } = useAdminData<T>(path);
  return (
    <Section title={title}>
      {lead && <p className="mb-4 text-sm text-ink-muted">{lead}</p>}
      {data ? children(data) : <LoadState loading={loading} notFound={notFound} />}
    </Section>
  );
}
