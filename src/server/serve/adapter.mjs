// @ts-check
import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import { writeIslandRuntime } from '../http/islandRuntime.mjs';
import { precompressFolder } from './precompress.mjs';

/**
 * The Node adapter with our own server entry: `@astrojs/node` in middleware mode (Astro renders, nothing
 * listens), and `src/app/server/entry.ts` as the built program (`dist/server/entry.mjs`). That entry serves the built
 * static files with their precompressed twins, hands everything else to Astro, and starts the database,
 * the indexer and the change listener explicitly. After a build, Astro's island runtime is written as a file of
 * its own, and every text asset of the client folder gets
 * a `.br` and a `.gz` beside it.
 *
 * @returns {import('astro').AstroIntegration}
 */
export function siteAdapter() {
  // Pages render to one string, not a stream: the page cache reads every page whole before it answers, so a
  // stream bought nothing and cost its chunks' encoding and the stream's own work.
  const base = node({ mode: 'middleware', experimentalDisableStreaming: true });
  const hooks = base.hooks;
  /** @type {URL | undefined} */
  let clientDir;
  return {
    name: base.name,
    hooks: {
      ...hooks,
      'astro:config:done': (params) => {
        clientDir = params.config.build.client;
        return hooks['astro:config:done']?.({
          ...params,
          setAdapter: (adapter) =>
            params.setAdapter({
              ...adapter,
              serverEntrypoint: fileURLToPath(new URL('../../app/server/entry.ts', import.meta.url)),
            }),
        });
      },
      'astro:build:done': async (params) => {
        await hooks['astro:build:done']?.(params);
        if (!clientDir) return;
        // Astro's island runtime as a file of its own (../http/islandRuntime.mjs), precompressed with the rest.
        await writeIslandRuntime(fileURLToPath(clientDir));
        const written = await precompressFolder(fileURLToPath(clientDir));
        params.logger.info(`precompressed ${written} static files (br, gzip)`);
      },
    },
  };
}
