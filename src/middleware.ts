/** Astro's middleware entry: the request pipeline is composed in ./app/middleware.ts. */
export { onRequest } from '~/app/middleware';
