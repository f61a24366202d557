/**
 * The parts every admin list screen repeats: the result table with its loading / not-found state and pager
 * (`PagedTable`), the chain filter with an "all" choice (`ChainFilter`) and the visibility filter
 * (`VisibilityFilter`).
 *
 * @see ./AdminUi.tsx (Table, Pager, LoadState, SelectField)
 */
import type { ReactNode } from 'react';
import { useAdmin } from './AdminShell';
import { LoadState, Pager, SelectField, Table } from './AdminUi';
import type { ChainChoice } from './adminFormat';
import type { Page } from './types';

/** A page of results as a table with a pager, or the loading / not-found state while there is none. */
export function PagedTable<T>({
  data,
  loading,
  notFound,
  label,
  head,
  row,
  onPage,
}: {
  data: Page<T> | null | undefined;
  loading: boolean;
  notFound: boolean;
  label: string;
  head: string[];
  /** One `<tr>` (with its key) per item. */
  row: (item: T) => ReactNode;
  onPage: (page: number) => void;
}) {
  if (!data) return <LoadState loading={loading} notFound={notFound} />;
  return (
    <>
      <Table label={label} head={head} empty={data.items.length === 0}>
        {data.items.map(row)}
      </Table>
      <Pager page={data.page} totalPages={data.totalPages} total={data.total} onPage={onPage} />
    </>
  );
}

/** The chain filter of a list: "all" or one of the site's chains (value = chain id). */
export function ChainFilter({
  chains,
  value,
  onChange,
}: {
  chains: readonly ChainChoice[];
  value: string;
  onChange: (chainId: string) => void;
}) {
  const { t } = useAdmin();
  return (
    <SelectField
      label={t('admin.common.chain')}
      value={value}
      onChange={onChange}
      options={[['', t('admin.common.all')], ...chains.map((c) => [String(c.chainId), c.chainName] as const)]}
    />
  );
}

/** The visibility filter of a list: all, visible only or hidden only (value `''`, `'false'`, `'true'`). */
export function VisibilityFilter({ value, onChange }: { value: string; onChange: (hidden: string) => void }) {
  const { t } = useAdmin();
  return (
    <SelectField
      label={t('admin.common.status')}
      value={value}
      onChange={onChange}
      options={[
        ['', t('admin.common.all')],
        ['false', t('admin.common.visible')],
        ['true', t('admin.common.hidden')],
      ]}
    />
  );
}
