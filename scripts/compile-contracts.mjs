/**
 * `npm run contracts:build`: compiles `contracts/*.sol` with solc-js (standard JSON) and writes one
 * `contracts/artifacts/<Contract>.json` per contract (`contractName`, `sourceName`, `abi`, `bytecode`), so the
 * app and the tests deploy from committed files and need no compiler at run time.
 *
 * - OpenZeppelin imports (`@openzeppelin/contracts/...`) are read from node_modules.
 * - Optimizer on (200 runs); EVM version `cancun`: solc 0.8.37 defaults to a later fork, and cancun is what
 *   every chain we list (Ethereum, BNB Chain, Polygon PoS, Kaia) and anvil run today. OpenZeppelin 5.x code
 *   uses `mcopy`, so `paris` would not compile it.
 * - Deterministic: source names are repository-relative, so the bytecode (and its metadata hash) is the same on
 *   every machine.
 * - Fast when unchanged: `contracts/artifacts/build-info.json` keeps a hash of the inputs (sources, compiler and
 *   OpenZeppelin versions, settings); a matching hash skips the compile. `--force` compiles anyway; `--check`
 *   compiles nothing and exits 1 when the artifacts do not match the sources.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const contractsDir = join(root, 'contracts');
const artifactsDir = join(contractsDir, 'artifacts');
const buildInfoPath = join(artifactsDir, 'build-info.json');
const require = createRequire(import.meta.url);

const settings = {
  evmVersion: 'cancun',
  optimizer: { enabled: true, runs: 10_000 },
  viaIR: true,
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
};

const sourceFiles = readdirSync(contractsDir)
  .filter((name) => name.endsWith('.sol'))
  .sort();
/** @type {Record<string, { content: string }>} */
const sources = {};
for (const name of sourceFiles)
  sources[`contracts/${name}`] = { content: readFileSync(join(contractsDir, name), 'utf8') };

const solcVersion = require('solc/package.json').version;
const openzeppelinVersion = require('@openzeppelin/contracts/package.json').version;
const inputsHash = createHash('sha256')
  .update(JSON.stringify({ sources, settings, solcVersion, openzeppelinVersion }))
  .digest('hex');

const previousHash = existsSync(buildInfoPath) ? JSON.parse(readFileSync(buildInfoPath, 'utf8')).inputsHash : undefined;
if (process.argv.includes('--check')) {
  if (previousHash === inputsHash) process.exit(0);
  console.error('contracts: artifacts are stale; run `npm run contracts:build` and commit contracts/artifacts');
  process.exit(1);
}
if (!process.argv.includes('--force') && previousHash === inputsHash) {
  console.log(`contracts: up to date (${sourceFiles.length} sources, hash ${inputsHash.slice(0, 12)})`);
  process.exit(0);
}

/** Resolves `@openzeppelin/...` (and any other package) imports from node_modules. */
function findImports(path) {
  try {
    return { contents: readFileSync(require.resolve(path), 'utf8') };
  } catch {
    return { error: `import not found: ${path}` };
  }
}

const started = performance.now();
const solc = require('solc');
const output = JSON.parse(
  solc.compile(JSON.stringify({ language: 'Solidity', sources, settings }), { import: findImports }),
);
const errors = (output.errors ?? []).filter((entry) => entry.severity === 'error');
for (const entry of output.errors ?? []) console.error(entry.formattedMessage);
if (errors.length > 0) process.exit(1);

rmSync(artifactsDir, { recursive: true, force: true });
mkdirSync(artifactsDir, { recursive: true });
const written = [];
for (const sourceName of Object.keys(sources)) {
  for (const [contractName, contract] of Object.entries(output.contracts[sourceName] ?? {})) {
    // Interfaces declared beside a contract have no code to deploy.
    if (contract.evm.bytecode.object === '') continue;
    const artifact = { contractName, sourceName, abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
    writeFileSync(join(artifactsDir, `${contractName}.json`), `${JSON.stringify(artifact, null, 2)}\n`);
    written.push(contractName);
  }
}
// Flat fields only: Biome formats the committed JSON, and it would fold short arrays of strings onto one line.
const buildInfo = {
  compiler: `solc ${solc.version()}`,
  evmVersion: settings.evmVersion,
  optimizerRuns: settings.optimizer.runs,
  openzeppelinVersion,
  inputsHash,
};
writeFileSync(buildInfoPath, `${JSON.stringify(buildInfo, null, 2)}\n`);
console.log(`contracts: compiled ${written.join(', ')} in ${Math.round(performance.now() - started)} ms`);
