/**
 * The parts every admin list screen repeats: the results with their loading / not-found state and pager
 * (`Paged`, and `PagedTable` for a plain table), the filters with an "all" choice (`AllFilter`, and of it the chain
 * filter `ChainFilter`, the visibility filter `VisibilityFilter` and a filter of a few named choices `ChoiceFilter`),
 * the dates from and to (`DateRange`), and the badges of a hidden item and of a suspended account.
 *
 * @see ./AdminUi.tsx (Table, Pager, LoadState, SelectField)
 */
import type { ReactNode } from 'react';
import type { BoundField } from '~/ui/forms/bindFields';
import { useAdmin } from './AdminShell';
import { Badge, LoadState, Pager, SelectField, Table, TextField } from './AdminUi';
import type { ChainChoice } from './adminFormat';
import type { AdminMessageKey } from './adminText';
import type { Page } from './types';

/** What a paged list shows: the page of results (none yet while loading) and how to turn pages. */
export interface PagedData<T> {
  data: Page<T> | null | undefined;
  loading: boolean;
  notFound: boolean;
  onPage: (page: number) => void;
}

/** A page of results shown by `children`, with a pager, or the loading / not-found state while there is none. */
export function Paged<T>({
  data,
  loading,
  notFound,
  onPage,
  children,
}: PagedData<T> & { children: (items: T[]) => ReactNode }) {
  if (!data) return <LoadState loading={loading} notFound={notFound} />;
  return (
    <>
      {children(data.items)}
      <Pager page={data.page} totalPages={data.totalPages} total={data.total} onPage={onPage} />
    </>
  );
}

/** A page of results as a table with a pager, or the loading / not-found state while there is none. */
export function PagedTable<T>({
  label,
  head,
  row,
  ...paged
}: PagedData<T> & {
  label: string;
  /** The columns' message keys. */
  head: readonly AdminMessageKey[];
  /** One `<tr>` (with its key) per item. */
  row: (item: T) => ReactNode;
}) {
  return (
    <Paged {...paged}>
      {(items) => (
        <Table label={label} head={head} empty={items.length === 0}>
          {items.map(row)}
        </Table>
      )}
    </Paged>
  );
}

/** The field a list filter binds (its name in the query, its value and what changing it does). */
interface FilterField {
  name?: string | undefined;
  value: string;
  onChange: (value: string) => void;
}

/** A filter of "all" (value `''`) and `options` (each a value and its label): every filter of a list. */
export function AllFilter({
  options,
  ...field
}: FilterField & { label: string; options: readonly (readonly [string, string])[] }) {
  const { t } = useAdmin();
  return <SelectField {...field} options={[['', t('admin.common.all')], ...options]} />;
}

/** The chain filter of a list: "all" or one of the site's chains (value = chain id). */
export function ChainFilter({ chains, ...field }: FilterField & { chains: readonly ChainChoice[] }) {
  const { t } = useAdmin();
  return (
    <AllFilter
      label={t('admin.common.chain')}
      {...field}
      options={chains.map((c) => [String(c.chainId), c.chainName] as const)}
    />
  );
}

/** The choices of {@link VisibilityFilter}. */
const VISIBILITY: readonly (readonly [string, AdminMessageKey])[] = [
  ['false', 'admin.common.visible'],
  ['true', 'admin.common.hidden'],
];

/** The visibility filter of a list: all, visible only or hidden only (value `''`, `'false'`, `'true'`). */
export function VisibilityFilter(field: FilterField) {
  const { t } = useAdmin();
  return <ChoiceFilter label={t('admin.common.status')} {...field} choices={VISIBILITY} />;
}

/** The dates a list runs from and to (as typed, `yyyy-mm-dd`). */
export function DateRange({ from, to }: { from: BoundField<string>; to: BoundField<string> }) {
  const { t } = useAdmin();
  return (
    <>
      <TextField type="date" label={t('admin.revenues.from')} {...from} />
      <TextField type="date" label={t('admin.revenues.to')} {...to} />
    </>
  );
}

/** A filter of "all" and a few choices, each a value and the message key of its label. */
export function ChoiceFilter({
  choices,
  ...field
}: FilterField & { label: string; choices: readonly (readonly [string, AdminMessageKey])[] }) {
  const { t } = useAdmin();
  return <AllFilter {...field} options={choices.map(([value, key]) => [value, t(key)] as const)} />;
}

/** Hidden (red) or visible (green). */
export function HiddenBadge({ hidden }: { hidden: boolean }) {
  const { t } = useAdmin();
  return hidden ? (
    <Badge tone="bad">{t('admin.common.hidden')}</Badge>
  ) : (
    <Badge tone="good">{t('admin.common.visible')}</Badge>
  );
}

/** Suspended (red) or active (green). */
export function SuspendedBadge({ suspended }: { suspended: boolean }) {
  const { t } = useAdmin();
  return suspended ? (
    <Badge tone="bad">{t('admin.users.suspended')}</Badge>
  ) : (
    <Badge tone="good">{t('admin.users.active')}</Badge>
  );
}
