/**
 * `npm run indexer`: the chain indexer as its own process (the server runs one inside itself unless
 * INDEXER=off). Reads the same settings as the server (a bad one stops it, named): CHAIN_ENV, CHAIN_CONFIG_FILE /
 * CHAIN_OVERRIDES_JSON (or DATA_DIR/local-chains.json on the local chain), DATABASE_URL or DATA_DIR,
 * PLATFORM_FEE_RECIPIENT, INDEXER_CONFIRMATIONS, INDEXER_BATCH_BLOCKS, INDEXER_POLL_MS,
 * INDEXER_START_BLOCK_<ETH|BSC|KLAYTN|POLYGON>. Only one indexer runs at a time (PostgreSQL advisory
 * lock; others stand by). Next to a running server it needs PostgreSQL: a PGlite folder opens in one
 * process only. Stop with Ctrl-C.
 *
 * @see ../src/app/server/indexerProcess.server.ts
 */
import { importTs } from './lib/bundle-ts.mjs';

const { settingsOrExit } = await importTs('src/server/settings/settings.server.ts');
const settings = settingsOrExit();
const { runIndexerProcess } = await importTs('src/app/server/indexerProcess.server.ts');
await runIndexerProcess(settings);
process.exit(0);
