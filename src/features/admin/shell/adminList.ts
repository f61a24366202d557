/**
 * The state of an admin list screen, written once for all of them: the filters kept in the page's query string
 * (with the page number), the filters being typed until they are searched, and the page of results the admin API
 * answers for the filters.
 *
 * @see ./adminHooks.ts (useQueryState, useAdminData), ./AdminListParts.tsx (PagedTable)
 */
import { useState } from 'react';
import { bindFields } from '~/ui/forms/bindFields';
import { toQuery, useAdminData, useQueryState } from './adminHooks';
import type { Page } from './types';

/** Filters in the query string, and the same filters as typed. */
export function useFilters<F extends Record<string, string>>(defaults: F) {
  const [filters, setFilters] = useQueryState(defaults);
  const [draft, setDraft] = useState(filters);
  return {
    filters,
    setFilters,
    draft,
    /** A typed filter's field props (`{...bind('q')}`). */
    bind: bindFields(draft, setDraft),
    /** Searches what was typed (with `change`), from the first page when the list has pages. */
    search: (change: Partial<F> = {}) =>
      setFilters({ ...draft, ...('page' in defaults ? { page: '1' } : {}), ...change }),
    /** Shows page `page` of the results (of a list whose filters have a page). */
    turnPage: (page: number) => setFilters({ ...filters, page: String(page) }),
  };
}

/** A list screen's filters and the page of `path` they select; `table` is what its PagedTable takes. */
export function useAdminList<T, F extends Record<string, string> & { page: string }>(path: string, defaults: F) {
  const filters = useFilters(defaults);
  const { data, loading, notFound } = useAdminData<Page<T>>(path, toQuery(filters.filters));
  return { ...filters, table: { data, loading, notFound, onPage: filters.turnPage } };
}
