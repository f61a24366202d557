/**
 * The built server program (`node dist/server/entry.mjs`, as `npm start`, the tests and the docs' deployment
 * run it). It is production whoever starts it: `NODE_ENV` is set to `production` before anything else loads,
 * because React and other libraries pick their development or production build from it when they are first
 * loaded (a development React renders several times slower). Then the settings are read (a bad value stops the
 * start, naming the variable: ../../server/settings). Everything else is imported after that, lazily:
 * The database starts first, while Astro's Node adapter handler and ./siteServer.ts (which does the rest) load. Once it
 * listens, the rest of the build's modules load in the background (./preload.ts; `PRELOAD_MODULES=0` skips it, as
 * the tests' many short-lived servers do). With `SERVER_PROCESSES` it
 * supervises that many such servers instead (./processes.ts).
 */
const { markProduction, settingsOrExit } = await import('~/server/settings/settings.server');
markProduction();
const settings = settingsOrExit();
const { isForkedServer, serverProcesses, superviseServers } = await import('~/server/serve/processes');
const processes = isForkedServer() ? 1 : serverProcesses(settings, console.warn);
if (processes > 1) {
  await superviseServers(processes);
  process.exit(0);
}
// The database starts (the embedded one in its own thread, ~1.3 s) while the site's modules load.
const { openServerDatabase } = await import('~/server/db/serverDatabase');
const opening = openServerDatabase(settings);
opening.catch(() => {}); // awaited below; a failure surfaces there, not as an unhandled rejection meanwhile
const [{ handler }, { startSiteServer }, { preloadModules }] = await Promise.all([
  import('@astrojs/node/server.js'),
  import('./siteServer'),
  import('~/server/serve/preload'),
]);
await startSiteServer(handler, settings, opening);
if (settings.PRELOAD_MODULES) void preloadModules(new URL('./chunks/', import.meta.url));

export {};
