import type { GetStaticPaths } from 'astro';

/**
 * The paths of a page built once for both locales from one file under `src/pages/[...lang]/`: the Japanese
 * path without prefix (`lang` undefined) and the English one under `/en`.
 */
export const prerenderedLocales = (() => [
  { params: { lang: undefined } },
  { params: { lang: 'en' } },
]) satisfies GetStaticPaths;
