/**
 * React hooks of the admin screens: loading admin data (a failed load follows the admin session rules,
 * a 404 shows "not found", a refused filter shows the server's message), running a change with its
 * success or failure message, and filters kept in the page's query string so a list can be reloaded and
 * shared.
 *
 * @see ./adminSession.ts
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError, type QueryParams } from '~/client/api';
import { LAYOUT_SNACKBAR_TIMEOUT, showSnackbar } from '~/ui/snackbar/store';
import { useAdmin } from './AdminShell';
import { handleAdminError, isNotAdmin } from './adminSession';

/** What {@link useAdminData} gives. */
export interface AdminData<T> {
  data: T | null;
  loading: boolean;
  /** The server answered 404. */
  notFound: boolean;
  reload: () => void;
  /** Shows `data` instead (what the server answered a change with). */
  replace: (data: T) => void;
}

/** Shows `text` as an alert snackbar (a refused entry, a refused filter). */
export const adminAlert = (text: string) => showSnackbar(text, { color: 'alert', timeout: LAYOUT_SNACKBAR_TIMEOUT });

/** Loads `path` (with `query`) from the admin API, again whenever either changes or `reload` is called. */
export function useAdminData<T>(path: string | null, query: QueryParams = {}): AdminData<T> {
  const { session } = useAdmin();
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(path !== null);
  const [notFound, setNotFound] = useState(false);
  const [generation, setGeneration] = useState(0);
  const key = JSON.stringify(query);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `generation` is how reload() runs the load again
  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    setLoading(true);
    session.client
      .get<T>(path, { query: JSON.parse(key) as QueryParams, signal: controller.signal })
      .then((body) => {
        setData(body);
        setNotFound(false);
      })
      .catch(async (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.status === 404) setNotFound(true);
        else if (error instanceof ApiError && error.status === 422) adminAlert(error.message);
        else await handleAdminError(session, error);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [path, key, generation, session]);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);
  return { data, loading, notFound, reload, replace: setData };
}

/** What {@link useAdminAction} gives. */
export interface AdminAction {
  busy: boolean;
  /**
   * Runs a change: shows `success` (a message) when it works and resolves with its result; shows the
   * server's message as an alert when it is refused and resolves undefined. A lost admin session or a
   * failed request follows the admin session rules.
   */
  run: <T>(change: () => Promise<T>, success?: string) => Promise<T | undefined>;
}

/** A runner for admin changes (saving a form, pressing approve...). */
export function useAdminAction(): AdminAction {
  const { session } = useAdmin();
  const [busy, setBusy] = useState(false);
  const run = useCallback(
    async <T>(change: () => Promise<T>, success?: string): Promise<T | undefined> => {
      setBusy(true);
      try {
        const result = await change();
        if (success) showSnackbar(success, { timeout: LAYOUT_SNACKBAR_TIMEOUT });
        return result;
      } catch (error) {
        if (error instanceof ApiError && !isNotAdmin(error) && error.status < 500) adminAlert(error.message);
        else await handleAdminError(session, error);
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [session],
  );
  return { busy, run };
}

/** Reads the page's query string as string values over `defaults`. */
function readQuery<T extends Record<string, string>>(defaults: T): T {
  const params = new URLSearchParams(window.location.search);
  const state = { ...defaults };
  for (const name of Object.keys(defaults) as (keyof T & string)[]) {
    const value = params.get(name);
    if (value !== null) state[name] = value as T[typeof name];
  }
  return state;
}

/**
 * Filter state kept in the page's query string (`replaceState`, no reload): starts from the URL, and
 * each change rewrites it; values equal to their default are left out of the URL.
 */
export function useQueryState<T extends Record<string, string>>(defaults: T): [T, (change: Partial<T>) => void] {
  const [state, setState] = useState<T>(() => readQuery(defaults));
  const update = useCallback(
    (change: Partial<T>) => {
      setState((current) => {
        const next = { ...current, ...change };
        const params = new URLSearchParams();
        for (const [name, value] of Object.entries(next)) if (value !== defaults[name]) params.set(name, value);
        const search = params.toString();
        window.history.replaceState(null, '', `${window.location.pathname}${search ? `?${search}` : ''}`);
        return next;
      });
    },
    [defaults],
  );
  return [state, update];
}

/** The query params of a filter state: empty values left out. */
export function toQuery(state: Record<string, string>): QueryParams {
  return Object.fromEntries(Object.entries(state).filter(([, value]) => value !== ''));
}
