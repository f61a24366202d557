/**
 * What a card list page does with a page number past the reach of numbers (./outOfReach.ts): the error page
 * (src/pages/404.astro, always 404) says so and links the last page within reach. No query runs.
 */
import type { AstroGlobal } from 'astro';
import { localizePath } from '~/features/i18n/locales';
import { pageOutOfReach } from './outOfReach';

/** The refusal to answer, or null when the page asked is within reach. */
export function refuseOutOfReach(astro: AstroGlobal): Promise<Response> | null {
  const { locals } = astro;
  const refused = pageOutOfReach(astro.url.searchParams, localizePath(locals.path, locals.locale));
  if (!refused) return null;
  locals.outOfReach = refused;
  return astro.rewrite('/404');
}
