/**
 * Who is asking a developer endpoint: the holder of the API key the request carried (checked by
 * ../limits/apiKeyGate.server.ts), or else the signed-in user; 401 when neither.
 */
import type { APIContext } from 'astro';
import { requireUser } from '~/features/session/requireAuth.server';

/** The id of the user a developer endpoint acts for (see the module comment). */
export function developerId(ctx: APIContext): number {
  return ctx.locals.apiKey?.userId ?? requireUser(ctx).id;
}
