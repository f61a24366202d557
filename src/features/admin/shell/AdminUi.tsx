/**
 * Small building blocks the admin screens share: sections, tables, form fields, a pager, badges.
 * Presentation only; strings come from the screens.
 */
import { type ReactNode, useId } from 'react';
import { useAdmin } from './AdminShell';

const FIELD = 'rounded-md border border-surface-border bg-surface-sunken px-3 py-2 text-ink';

/** A titled block of a screen. */
export function Section({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="mb-8 min-w-0 rounded-xl border border-surface-border bg-surface-raised p-4 sm:p-5"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-xl font-bold">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A table with a header row; `empty` is shown when there are no rows. */
export function Table({
  label,
  head,
  empty,
  children,
}: {
  label: string;
  head: string[];
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useAdmin();
  return (
    // A region that scrolls sideways on a phone, so it takes keyboard focus (axe: scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <div className="relative overflow-x-auto" tabIndex={0}>
      <table className="w-full text-left text-sm" aria-label={label}>
        <thead className="border-b border-surface-border text-ink-muted">
          <tr>
            {head.map((title) => (
              <th key={title} scope="col" className="px-2 py-2 font-semibold whitespace-nowrap">
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-surface-border">
          {empty ? (
            <tr>
              <td colSpan={head.length} className="px-2 py-6 text-center text-ink-muted">
                {t('admin.common.empty')}
              </td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A table cell. */
export function Cell({ children, mono = false }: { children: ReactNode; mono?: boolean }) {
  return <td className={`px-2 py-2 align-top ${mono ? 'font-mono text-xs break-all' : ''}`}>{children}</td>;
}

/** Previous / next links of a list, with "page N of M". */
export function Pager({
  page,
  totalPages,
  total,
  onPage,
}: {
  page: number;
  totalPages: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useAdmin();
  return (
    <nav aria-label={t('admin.common.pagination')} className="mt-4 flex items-center gap-3 text-sm">
      <button type="button" className="btn-ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('admin.common.previous')}
      </button>
      <span>{t('admin.common.pageOf', { page, pages: totalPages })}</span>
      <button type="button" className="btn-ghost" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t('admin.common.next')}
      </button>
      <span className="text-ink-muted">{t('admin.common.total', { count: total })}</span>
    </nav>
  );
}

/** A labelled text input, with an optional hint under it (outside the label, linked by aria-describedby). */
export function TextField({
  label,
  value,
  onChange,
  type = 'text',
  hint,
  required = false,
  autoComplete,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'password' | 'search' | 'date' | 'number';
  hint?: string;
  required?: boolean;
  autoComplete?: string;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-1 text-sm">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={FIELD}
        type={type}
        value={value}
        required={required}
        autoComplete={autoComplete ?? 'off'}
        placeholder={placeholder}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <span id={`${id}-hint`} className="text-xs text-ink-faint">
          {hint}
        </span>
      )}
    </div>
  );
}

/** A labelled multi-line input. */
export function TextArea({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <label className="grid gap-1 text-sm">
      <span>{label}</span>
      <textarea className={FIELD} rows={4} value={value} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

/** A labelled select over `options` (value, label). */
export function SelectField({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <label className="grid gap-1 text-sm">
      <span>{label}</span>
      <select className={FIELD} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A labelled checkbox. */
export function CheckboxField({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

const TONES = {
  neutral: 'bg-surface-sunken text-ink-muted',
  good: 'bg-emerald-900 text-emerald-100',
  warn: 'bg-amber-900 text-amber-100',
  bad: 'bg-alert text-alert-ink',
} as const;

/** A short status word. */
export function Badge({ tone = 'neutral', children }: { tone?: keyof typeof TONES; children: ReactNode }) {
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[tone]}`}>
      {children}
    </span>
  );
}

/** A search or filter form that submits on Enter or its button. */
export function FilterBar({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  const { t } = useAdmin();
  return (
    <search>
      <form
        className="mb-4 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
        <button type="submit" className="btn-primary">
          {t('admin.common.search')}
        </button>
      </form>
    </search>
  );
}

/** Shown while the first load runs, or when the server answered 404. */
export function LoadState({ loading, notFound }: { loading: boolean; notFound: boolean }) {
  const { t } = useAdmin();
  if (notFound) return <p className="text-ink-muted">{t('admin.common.notFound')}</p>;
  return loading ? <p className="text-ink-muted">{t('admin.common.loading')}</p> : null;
}
