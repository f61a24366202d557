/**
 * The built server program (`node dist/server/entry.mjs`, as `npm start` and the tests run it). Astro renders
 * through the Node adapter's middleware-mode handler; ./siteServer.ts does the rest.
 */
import { handler } from '@astrojs/node/server.js';
import { startSiteServer } from './siteServer';

await startSiteServer(handler);
