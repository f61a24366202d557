/**
 * `npm start`: builds the site and serves it on http://localhost:4321 with the production node server.
 * Data lives in ./data (embedded PostgreSQL) unless DATABASE_URL names a server; an empty database gets
 * the demo catalogue on local chains only (SEED_DEMO=0 turns that off; another CHAIN_ENV seeds nothing unless
 * SEED_DEMO=1).
 *
 * With no chain configured (CHAIN_ENV unset or `local`, and neither CHAIN_CONFIG_FILE nor
 * CHAIN_OVERRIDES_JSON set) it first starts the local chain: four anvil nodes on 127.0.0.1:8545..8548
 * (LOCAL_CHAIN_PORT moves them) with chain ids 1, 56, 8217 and 137, their state kept in DATA_DIR/local-chain,
 * the contracts deployed where missing, their addresses written to DATA_DIR/local-chains.json (which the
 * server reads), and the demo cards minted and listings signed on chain. The nodes stop (saving their
 * state) when the server exits.
 *
 * The chain indexer runs inside the server (INDEXER=off turns it off; `npm run indexer` runs it alone).
 */
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importTs } from './lib/bundle-ts.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const astro = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
const began = Date.now();
const elapsed = () => `${((Date.now() - began) / 1000).toFixed(1)} s`;

// A bad setting stops here, named, before the build.
const { settingsOrExit } = await importTs('src/server/settings/settings.server.ts');
const settings = settingsOrExit();

if (process.env.SKIP_BUILD !== '1') {
  const build = spawnSync(process.execPath, [astro, 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const overridden = Boolean(settings.CHAIN_CONFIG_FILE || settings.CHAIN_OVERRIDES_JSON);
const useLocalChain = settings.CHAIN_ENV === 'local' && !overridden;

/** @type {{ file: string, stop: () => Promise<void>, signalStop: () => void } | undefined} */
let localChain;
if (useLocalChain) {
  const { launchLocalChain } = await importTs('src/dev/localchain/launch.server.ts');
  localChain = await launchLocalChain(settings);
  process.on('exit', () => localChain?.signalStop());
  console.log(`[localchain] ready after ${elapsed()}`);
} else {
  // Seed the demo marketplace into an empty database (only on local chains unless SEED_DEMO=1: the demo
  // admin's password is public), then close it: the server process opens it next.
  const { ensureDemoData, closeDemoDatabase } = await importTs('src/dev/seed/ensureDemo.server.ts');
  await ensureDemoData({ settings });
  await closeDemoDatabase();
}

// Everything bundled is loaded: the bundler's service process would otherwise stay up beside the server, waking
// every few seconds.
(await import('esbuild')).stop();

const env = {
  ...process.env,
  HOST: settings.HOST,
  PORT: String(settings.PORT),
  ...(localChain ? { CHAIN_CONFIG_FILE: localChain.file } : {}),
};
const server = spawn(process.execPath, [join(root, 'dist', 'server', 'entry.mjs')], {
  cwd: root,
  env,
  stdio: 'inherit',
});

// The indexer starts with the server's middleware, i.e. on the first request: make one as soon as it listens.
const base = `http://${env.HOST}:${env.PORT}`;
(async () => {
  for (let attempt = 0; attempt < 300 && server.exitCode === null; attempt++) {
    try {
      const response = await fetch(`${base}/robots.txt`, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      console.log(`Kirafuda: ${base} (ready after ${elapsed()})`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
})();

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.kill(signal);
  });
}
server.on('exit', async (code) => {
  await localChain?.stop();
  process.exit(code ?? 0);
});
