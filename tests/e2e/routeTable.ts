/**
 * Every route of spec §2 with a concrete example path, the layout it renders in, and — for guarded
 * routes — where an anonymous visitor is sent. Shared by the route tests.
 */
export interface RouteCase {
  path: string;
  layout: string;
  /** Where an anonymous visitor is redirected (locale-neutral), for guarded routes. */
  anonymousRedirect?: string;
}

const ADDRESS = '0x1111111111111111111111111111111111111111';
/** A creator and a Polygon collection contract of the seeded demo data (src/dev/seed). */
const CREATOR = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const CONTRACT = '0x0c4d7e943c01a862f50c6822933bea47c0c13b3f';

export const ROUTES: RouteCase[] = [
  { path: '/', layout: 'newVersion' },
  { path: '/admin-session', layout: 'adminSession' },
  { path: '/browse-category', layout: 'newVersion' },
  { path: '/browse-category?tab=NFTs', layout: 'newVersion' },
  { path: '/market', layout: 'newVersion' },
  { path: '/connect-wallet', layout: 'newVersion' },
  { path: '/session', layout: 'newVersion' },
  { path: '/contact', layout: 'default' },
  { path: '/privacy', layout: 'default' },
  { path: '/developers', layout: 'default' },
  { path: '/terms', layout: 'default' },
  { path: '/transaction-act', layout: 'default' },
  { path: '/rankings', layout: 'newVersion' },
  { path: '/collection', layout: 'newVersion' },
  { path: '/collection/12', layout: 'newVersion' },
  { path: '/creator', layout: 'newVersion' },
  { path: `/creator/${CREATOR}`, layout: 'newVersion' },
  { path: '/nfts', layout: 'newVersion' },
  { path: '/nfts/7', layout: 'newVersion' },
  { path: '/profile-creators/3', layout: 'userProfile' },
  { path: '/user', layout: 'userProfile' },
  { path: `/user/${ADDRESS}`, layout: 'userProfile' },
  { path: '/tokens', layout: 'newVersion' },
  { path: '/tokens/137', layout: 'newVersion' },
  { path: `/tokens/137/${CONTRACT}`, layout: 'newVersion' },
  { path: `/tokens/137/${CONTRACT}/7`, layout: 'newVersion' },
  { path: '/search/dragon', layout: 'newVersion' },
  { path: '/cart', layout: 'newVersion' },
  { path: '/login', layout: 'newVersion' },
  { path: '/users/auth/mch/callback', layout: 'newVersion' },
  { path: '/profile', layout: 'userProfile', anonymousRedirect: '/session' },
  { path: '/profiles/edit', layout: 'userProfile', anonymousRedirect: '/session' },
  { path: '/card_issue', layout: 'newVersion', anonymousRedirect: '/session' },
  { path: '/dashboard', layout: 'dashboard', anonymousRedirect: '/session' },
  { path: '/dashboard/revenues', layout: 'dashboard', anonymousRedirect: '/session' },
  { path: '/dashboard/payouts', layout: 'dashboard', anonymousRedirect: '/session' },
  { path: '/dashboard/settings', layout: 'dashboard', anonymousRedirect: '/session' },
  { path: '/dashboard/statements', layout: 'dashboard', anonymousRedirect: '/session' },
  { path: '/dashboard/passwords', layout: 'dashboard', anonymousRedirect: '/session' },
  { path: '/admins', layout: 'admin', anonymousRedirect: '/admin-session' },
  { path: '/admins/users', layout: 'admin', anonymousRedirect: '/admin-session' },
  { path: '/admins/users/5/edit', layout: 'admin', anonymousRedirect: '/admin-session' },
  { path: '/admins/creators', layout: 'admin', anonymousRedirect: '/admin-session' },
  { path: '/admins/creators/5', layout: 'admin', anonymousRedirect: '/admin-session' },
  { path: `/admins/creators/5/${ADDRESS}`, layout: 'admin', anonymousRedirect: '/admin-session' },
  { path: '/admins/illustrators', layout: 'admin', anonymousRedirect: '/admin-session' },
  { path: `/admins/illustrators/5/${ADDRESS}`, layout: 'admin', anonymousRedirect: '/admin-session' },
  { path: '/admins/categories', layout: 'admin', anonymousRedirect: '/admin-session' },
  { path: '/admins/categories/new', layout: 'admin', anonymousRedirect: '/admin-session' },
  { path: `/admins/categories/${ADDRESS}/edit`, layout: 'admin', anonymousRedirect: '/admin-session' },
  { path: '/admins/card_serials', layout: 'admin', anonymousRedirect: '/admin-session' },
  { path: '/admins/payouts', layout: 'admin', anonymousRedirect: '/admin-session' },
  { path: '/admins/payouts/9', layout: 'admin', anonymousRedirect: '/admin-session' },
  { path: '/admins/platform-fee', layout: 'admin', anonymousRedirect: '/admin-session' },
  { path: '/admins/revenues', layout: 'admin', anonymousRedirect: '/admin-session' },
  { path: '/admins/stripe_payment_histories', layout: 'admin', anonymousRedirect: '/admin-session' },
];

/** Parameterised paths whose parameters fail page-level validation: each must answer 404. */
export const INVALID_PATHS = [
  '/tokens/abc',
  '/tokens/137/not-an-address',
  `/tokens/137/${ADDRESS}/12x`,
  `/tokens/137/${ADDRESS}/1/extra`,
  '/collection/zero',
  '/creator/0x123',
  '/nfts/-1',
  '/user/nobody',
  '/profile-creators/abc',
  // well-formed but unknown: no such creator, contract or token in the catalogue
  `/creator/${ADDRESS}`,
  `/tokens/137/${ADDRESS}`,
  `/tokens/137/${CONTRACT}/999999`,
];

/** The locale-prefixed form of a path (`/` -> `/en`). */
export function enPath(path: string): string {
  return path === '/' ? '/en' : path.startsWith('/?') ? `/en${path.slice(1)}` : `/en${path}`;
}
