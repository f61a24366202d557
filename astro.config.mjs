// @ts-check
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, envField } from 'astro/config';
import { interactionDirective } from './src/client/directives/integration.mjs';
import { islandMessages } from './src/features/i18n/islandMessages.mjs';
import { cspDigestMemo } from './src/server/http/cspDigestMemo.mjs';
import { cspDirectives } from './src/server/http/cspDirectives.mjs';
import { islandRuntime } from './src/server/http/islandRuntime.mjs';
import { reactStringRender } from './src/server/http/reactStringRender.mjs';
import { siteAdapter } from './src/server/serve/adapter.mjs';

export default defineConfig({
  // No `site`: the origin in links, canonical, alternates, og:url, robots.txt and the sitemaps is read at run time
  // (PUBLIC_SITE_URL, src/server/http/site.ts), so one build serves any domain. Sitemaps come from the database
  // (src/features/catalogue/sitemap).
  output: 'server',
  // One form of every path: without the trailing slash (the server entry redirects the other, 301/308).
  trailingSlash: 'never',
  // @astrojs/node in middleware mode behind our own server entry (static files with precompressed twins,
  // explicit start of the database, the indexer and the change listener): src/server/serve/adapter.mjs.
  adapter: siteAdapter(),
  // Astro's route cache with our in-process provider: one HTML for every visitor, dropped by change events.
  cache: {
    provider: { name: 'kirafuda-page-cache', entrypoint: new URL('./src/server/cache/pageCache.ts', import.meta.url) },
  },
  integrations: [react(), interactionDirective()],
  i18n: {
    defaultLocale: 'ja',
    locales: ['ja', 'en'],
    routing: { prefixDefaultLocale: false },
  },
  env: {
    schema: {
      PUBLIC_API_KEY: envField.string({ context: 'client', access: 'public', default: 'kirafuda-local-public-key' }),
      PUBLIC_GTM_ID: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_CHAT_WIDGET_SRC: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_RECAPTCHA_SITE_KEY: envField.string({ context: 'client', access: 'public', optional: true }),
      PUBLIC_RECAPTCHA_ENTERPRISE: envField.boolean({ context: 'client', access: 'public', default: false }),
      PUBLIC_COMMUNITY_CHAT_URL: envField.string({
        context: 'client',
        access: 'public',
        default: 'https://discord.gg/kirafuda',
      }),
      // The footer links the whitepaper only when this names one (no dead link by default).
      PUBLIC_WHITEPAPER_URL: envField.string({
        context: 'client',
        access: 'public',
        optional: true,
        default: '',
      }),
      CHAIN_ENV: envField.enum({
        context: 'server',
        access: 'public',
        values: ['local', 'development', 'staging', 'production'],
        default: 'local',
      }),
      DATABASE_URL: envField.string({ context: 'server', access: 'secret', optional: true }),
      DATA_DIR: envField.string({ context: 'server', access: 'public', optional: true }),
    },
  },
  security: {
    // The API gate (src/server/middleware/apiGate.ts) checks Origin and the site headers on every
    // state-changing request and answers JSON; Astro's own form-origin check would answer plain text first.
    checkOrigin: false,
    csp: {
      directives: cspDirectives(process.env),
      // Stripe.js must load from Stripe (card payments, when configured at build).
      ...(process.env.PUBLIC_STRIPE_PUBLISHABLE_KEY
        ? { scriptDirective: { resources: ["'self'", 'https://js.stripe.com'] } }
        : {}),
    },
  },
  vite: {
    // Astro hashed a page's inline scripts and styles for its CSP on every render: once a process now. Islands
    // render to a string, not a stream (src/server/http/reactStringRender.mjs); Astro's island runtime is one
    // cached script, not inline in every page (src/server/http/islandRuntime.mjs).
    plugins: [tailwindcss(), cspDigestMemo(), reactStringRender(), islandRuntime(), islandMessages()],
    // drizzle-orm is bundled into the server: loaded from node_modules, Node parsed its package.json's 130 KB
    // `exports` map again for every file of it the server loaded (1.2 s of a 4.3 s start, and 0.4 s of garbage
    // collection; the server now starts in 2.7 s on a migrated database).
    ssr: { noExternal: ['drizzle-orm'] },
  },
});
