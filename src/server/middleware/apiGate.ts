import { PUBLIC_API_KEY } from 'astro:env/client';
import { defineMiddleware } from 'astro:middleware';
import { jsonError } from '../api/respond';
import { siteRequestProblem } from '../api/siteRequest';

/** Refuses, with 403 and a message, state-changing API requests that did not come from the site. */
export const apiGate = defineMiddleware((ctx, next) => {
  if (!ctx.url.pathname.startsWith('/api/')) return next();
  const problem = siteRequestProblem(ctx.request, ctx.url, PUBLIC_API_KEY);
  return problem ? jsonError(403, problem) : next();
});
