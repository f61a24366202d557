/** The layouts of the spec by name (spec §2 Layouts); an unknown name falls back to `default`. */
export const LAYOUT_NAMES = [
  'default',
  'newVersion',
  'dashboard',
  'admin',
  'adminSession',
  'userProfile',
  'admin_backup',
] as const;
export type LayoutName = (typeof LAYOUT_NAMES)[number];

/** Resolves a layout name, falling back to `default` for a name that is not a layout. */
export function resolveLayout(name: string | undefined): LayoutName {
  return (LAYOUT_NAMES as readonly string[]).includes(name ?? '') ? (name as LayoutName) : 'default';
}

/** What every layout takes from its page. */
export interface PageMeta {
  title?: string | undefined;
  description?: string | undefined;
  image?: string | undefined;
  noindex?: boolean | undefined;
  /** Use `title` as the whole document title, without the site name. */
  exactTitle?: boolean | undefined;
}
