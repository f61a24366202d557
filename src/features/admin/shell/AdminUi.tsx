/**
 * Small building blocks the admin screens share: sections, tables, form fields, a pager, badges.
 * Presentation only; strings come from the screens.
 */
import { type ReactNode, useId } from 'react';
import { useAdmin } from './AdminShell';
import type { AdminMessageKey } from './adminText';

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

/** A table with a header row (its columns' message keys); `empty` is shown when there are no rows. */
export function Table({
  label,
  head,
  empty,
  children,
}: {
  label: string;
  head: readonly AdminMessageKey[];
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
            {head.map((key) => (
              <th key={key} scope="col" className="px-2 py-2 font-semibold whitespace-nowrap">
                {t(key)}
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

/** A titled section holding one table, named by the title; `lead` stands above the table. */
export function TableSection<T>({
  title,
  lead,
  head,
  rows,
  row,
}: {
  title: string;
  lead?: ReactNode;
  head: readonly AdminMessageKey[];
  rows: readonly T[];
  /** One `<tr>` (with its key) per item. */
  row: (item: T) => ReactNode;
}) {
  return (
    <Section title={title}>
      {lead}
      <Table label={title} head={head} empty={rows.length === 0}>
        {rows.map(row)}
      </Table>
    </Section>
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
  name,
  value,
  onChange,
  type = 'text',
  hint,
  required = false,
  autoComplete,
  placeholder,
}: {
  label: string;
  name?: string | undefined;
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
        name={name}
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

/** What a field takes: its label, and its name, value and change handler (as `bindFields` gives them). */
interface FieldProps<V> {
  label: string;
  name?: string | undefined;
  value: V;
  onChange: (value: V) => void;
}

/** A labelled multi-line input. */
export function TextArea({ label, name, value, onChange }: FieldProps<string>) {
  return (
    <label className="grid gap-1 text-sm">
      <span>{label}</span>
      <textarea
        className={FIELD}
        name={name}
        rows={4}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

/** A labelled select over `options` (value, label). */
export function SelectField({
  label,
  name,
  value,
  onChange,
  options,
}: {
  label: string;
  name?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <label className="grid gap-1 text-sm">
      <span>{label}</span>
      <select className={FIELD} name={name} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A labelled checkbox; its value is whether it is checked. */
export function CheckboxField({ label, name, value, onChange }: FieldProps<boolean>) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" name={name} checked={value} onChange={(event) => onChange(event.target.checked)} />
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

/** The link back to the list a screen belongs to (`path`, locale-neutral). */
export function BackLink({ path }: { path: string }) {
  const { t, to } = useAdmin();
  return (
    <p className="mb-4">
      <a className="underline" href={to(path)}>
        {t('admin.common.back')}
      </a>
    </p>
  );
}

/** Shown while the first load runs, or when the server answered 404. */
export function LoadState({ loading, notFound }: { loading: boolean; notFound: boolean }) {
  const { t } = useAdmin();
  if (notFound) return <p className="text-ink-muted">{t('admin.common.notFound')}</p>;
  return loading ? <p className="text-ink-muted">{t('admin.common.loading')}</p> : null;
}
