/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** Who is asking, through a trusted proxy when one is configured (src/server/http/site.ts). */
    client: {
      /** The client's IP address (`unknown` when the adapter cannot tell). */
      ip: string;
      userAgent: string | null;
      /** The origin the browser used (`https://...` when a trusted proxy says so). */
      origin: string;
    };
    /** The request's locale, from the URL prefix (`/en` or none). */
    locale: import('./features/i18n/locales').Locale;
    /** A translate function fixed to `locale` for this request. */
    t: import('./features/i18n/t').Translate;
    /** The locale-neutral path of the page (`/en/terms` -> `/terms`). */
    path: string;
    /**
     * The locale-neutral path the page's canonical link, alternates and `og:url` name, when it is not `path`
     * (a token page reached at `/nfts/{id}` names `/tokens/{chain}/{contract}/{token}`).
     */
    canonicalPath?: string;
    /**
     * The current chain, resolved once by the middleware: `chain_id` query, then the `currentChain` cookie,
     * then Ethereum (src/server/middleware/chainSelection.ts).
     */
    chain: import('./features/chains/chains').Chain;
    /**
     * Yen per whole unit by currency code, fresh rates only, when the page loaded them
     * (src/features/market/rates/rates.server.ts `withYenRates`): `src/ui/data/Price.astro` shows "≈ ¥" from it.
     */
    yenRates?: Readonly<Record<number, number>>;
    /**
     * When the oldest of those rates turns stale (ms since the epoch): a cached page showing them must be rendered
     * again by then (src/server/cache/cachePage.ts).
     */
    yenFreshUntil?: number;
    /**
     * A card list page asked by a number past the reach of numbers (src/features/catalogue/cards/outOfReach.ts):
     * the error page refuses it, linking the last page within reach.
     */
    outOfReach?: import('./features/catalogue/cards/outOfReach').OutOfReach;
    /** The API key a request carried, once checked (src/features/developers/limits/apiKeyGate.server.ts). */
    apiKey: import('./features/developers/keys/apiKeys.server').KeyHolder | null;
    /** The signed-in wallet user or illustrator, when a session exists. */
    user: import('./features/session/types').SessionUser | null;
    /** The signed-in admin, when an admin session exists. */
    admin: import('./features/session/types').SessionAdmin | null;
    /** What the session cookies said: ids of the sessions and whether an access token had expired. */
    auth: {
      userSessionId: number | null;
      illustratorId: number | null;
      userExpired: boolean;
      adminSessionId: number | null;
      adminId: number | null;
      adminExpired: boolean;
    };
  }
}
