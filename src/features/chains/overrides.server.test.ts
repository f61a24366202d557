import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSettings } from '~/server/settings/settings.server';
import { loadChainConfig } from './chainConfig';
import { readChainOverrides as readOverrides } from './overrides.server';

/** The overrides the environment `env` names. */
const readChainOverrides = (env: Record<string, string>) => readOverrides(loadSettings(env));

const dir = mkdtempSync(join(tmpdir(), 'kirafuda-chains-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const deployed = `0x${'5f'.repeat(20)}`;
const file = join(dir, 'chains.json');
writeFileSync(
  file,
  JSON.stringify({
    ETH: { rpcUrls: ['http://127.0.0.1:9545'], contracts: { atem: deployed } },
    BSC: { rpcUrls: ['http://127.0.0.1:9546'] },
  }),
);

describe('readChainOverrides', () => {
  it('gives nothing when neither variable is set, so the environment defaults stand', () => {
    expect(readChainOverrides({})).toBeUndefined();
    expect(readChainOverrides({ CHAIN_CONFIG_FILE: ' ', CHAIN_OVERRIDES_JSON: '' })).toBeUndefined();
  });

  it('reads a deploy file and lets inline JSON win per chain and field', () => {
    const overrides = readChainOverrides({
      CHAIN_CONFIG_FILE: file,
      CHAIN_OVERRIDES_JSON: JSON.stringify({ ETH: { rpcUrls: ['http://127.0.0.1:1'] } }),
    });
    const [eth, bsc] = loadChainConfig('local', overrides);
    expect(eth?.rpcUrls).toEqual(['http://127.0.0.1:1']);
    expect(eth?.contracts.atem).toBe(deployed);
    expect(bsc?.rpcUrls).toEqual(['http://127.0.0.1:9546']);
  });

  it('names the variable when the file is missing, the JSON is malformed or a field is wrong', () => {
    expect(() => readChainOverrides({ CHAIN_CONFIG_FILE: join(dir, 'missing.json') })).toThrow(/CHAIN_CONFIG_FILE/);
    expect(() => readChainOverrides({ CHAIN_OVERRIDES_JSON: '{ETH:' })).toThrow(
      /CHAIN_OVERRIDES_JSON is not valid JSON/,
    );
    expect(() => readChainOverrides({ CHAIN_OVERRIDES_JSON: '{"ETHER":{}}' })).toThrow(/Invalid chain config/);
    expect(() => readChainOverrides({ CHAIN_OVERRIDES_JSON: '{"ETH":{"rpcUrls":["ftp://x"]}}' })).toThrow();
  });
});
