/**
 * The built server program (`node dist/server/entry.mjs`, as `npm start`, the tests and the docs' deployment
 * run it). It is production whoever starts it: `NODE_ENV` is set to `production` before anything else loads,
 * because React and other libraries pick their development or production build from it when they are first
 * loaded (a development React renders several times slower). Everything else is imported after that, lazily:
 * Astro renders through the Node adapter's middleware-mode handler; ./siteServer.ts does the rest.
 */
process.env['NODE_ENV'] = 'production';
const [{ handler }, { startSiteServer }] = await Promise.all([
  import('@astrojs/node/server.js'),
  import('./siteServer'),
]);
await startSiteServer(handler);

export {};
