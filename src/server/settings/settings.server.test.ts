/**
 * The one reader of the environment: defaults for what is unset or blank, each kind of value read as the code used
 * to read it, and one error naming every bad variable (never echoing a secret) instead of a server that runs on a
 * default or fails later.
 */
import { describe, expect, it } from 'vitest';
import { CHAIN_ENVIRONMENTS } from '~/features/chains/chainConfig';
import { CHAIN_KEYS } from '~/features/chains/chainKey';
import { SETTING_NAMES, SETTINGS_CHAIN_ENVIRONMENTS, SETTINGS_CHAIN_KEYS, settingMeta } from './schema';
import { loadSettings, SettingsError, serverSettings } from './settings.server';

/** The error `env` gives, or undefined when it parses. */
function errorOf(env: Record<string, string>): SettingsError | undefined {
  try {
    loadSettings(env);
    return undefined;
  } catch (error) {
    if (error instanceof SettingsError) return error;
    throw error;
  }
}

describe('loadSettings', () => {
  it('gives the defaults for an empty environment, and reads unset, empty and blank alike', () => {
    const settings = loadSettings({});
    expect(settings).toMatchObject({
      HOST: 'localhost',
      PORT: 4321,
      DATA_DIR: './data',
      CLIENT_DIR: 'dist/client',
      CHAIN_ENV: 'local',
      INDEXER: true,
      PRELOAD_MODULES: true,
      SERVER_PROCESSES: 1,
      DATABASE_POOL_SIZE: 10,
      DATABASE_STATEMENT_CACHE: 256,
      LEADER_LEASE_MS: 20_000,
      RENDER_QUEUE: 128,
      LIVE_STREAMS_MAX: 5_000,
      PUBLIC_SITE_URL: 'http://localhost:4321',
      DIGEST_WEEKDAY: 1,
      DIGEST_HOUR: 9,
      ACCESS_TOKEN_TTL_MS: 900_000,
      PURCHASE_MINT_POLL_MS: 30_000,
      PURCHASE_MINT_RETRY_SECONDS: 30,
    });
    expect(settings.DATABASE_URL).toBeUndefined();
    expect(settings.RENDER_CONCURRENCY).toBeUndefined();
    expect(loadSettings({ DATA_DIR: '', PORT: '  ', DATABASE_URL: ' ' })).toEqual(settings);
  });

  it('ignores variables it does not know (PATH, HOME) and hands out a frozen object', () => {
    const settings = loadSettings({ PATH: '/usr/bin', HOME: '/root' });
    expect(settings).not.toHaveProperty('PATH');
    expect(Object.isFrozen(settings)).toBe(true);
  });

  it('reads each kind: trimmed text, whole numbers, switches, names in any case, a number or auto', () => {
    const settings = loadSettings({
      HOST: ' 0.0.0.0 ',
      PORT: ' 8080 ',
      INDEXER: 'OFF',
      PRELOAD_MODULES: '0',
      CHAIN_ENV: ' Staging ',
      SERVER_PROCESSES: ' Auto ',
      WEB3AUTH_NETWORK: 'sapphire_devnet',
      INDEXER_START_BLOCK_ETH: '21000000',
      MAIL_SECRET: '  kept as written  ',
    });
    expect(settings).toMatchObject({
      HOST: '0.0.0.0',
      PORT: 8080,
      INDEXER: false,
      PRELOAD_MODULES: false,
      CHAIN_ENV: 'staging',
      SERVER_PROCESSES: 'auto',
      WEB3AUTH_NETWORK: 'sapphire_devnet',
      INDEXER_START_BLOCK_ETH: 21_000_000,
      MAIL_SECRET: '  kept as written  ',
    });
  });

  it('refuses what is not a whole number: a sign, a fraction, a word, past 2^53', () => {
    for (const bad of ['-1', '1.5', 'ten', '1e400', '9007199254740993'])
      expect(errorOf({ RENDER_QUEUE: bad })?.problems, bad).toEqual([
        { name: 'RENDER_QUEUE', problem: 'must be a whole number from 0' },
      ]);
    expect(errorOf({ DATABASE_POOL_SIZE: '0' })?.message).toContain('DATABASE_POOL_SIZE must be a whole number from 1');
  });

  it('names every bad variable in one error, one line each, in the order of the schema', () => {
    const error = errorOf({
      DIGEST_WEEKDAY: 'Funday',
      INDEXER_POLL_MS: 'abc',
      CHAIN_ENV: 'prod',
      PLATFORM_FEE_RECIPIENT: '0x1234',
      TRUSTED_PROXIES: '127.0.0.1,10.0.0.0/40',
    });
    expect(error?.message).toBe(
      [
        'the environment has 5 bad settings:',
        '  CHAIN_ENV must be one of production, staging, development, local',
        '  PLATFORM_FEE_RECIPIENT must be an address (0x and 40 hex digits)',
        '  INDEXER_POLL_MS must be a whole number from 0',
        '  TRUSTED_PROXIES must be addresses or CIDR ranges: "10.0.0.0/40" is neither',
        '  DIGEST_WEEKDAY must be a whole number from 0 to 6',
      ].join('\n'),
    );
  });

  it('never repeats the value of a bad secret', () => {
    const key = `0x${'ab'.repeat(31)}`; // a byte short
    const error = errorOf({ MINTER_PRIVATE_KEY: key, STRIPE_API_BASE: 'ftp://sk_live_in_a_url' });
    expect(error?.problems.map((each) => each.name)).toEqual(['MINTER_PRIVATE_KEY', 'STRIPE_API_BASE']);
    expect(error?.message).not.toContain(key);
    expect(error?.message).not.toContain('sk_live');
  });

  it('marks the secrets, so nothing logs or shows them', () => {
    const secrets = SETTING_NAMES.filter((name) => settingMeta(name).secret);
    expect(secrets).toEqual(
      expect.arrayContaining([
        'DATABASE_URL',
        'MINTER_PRIVATE_KEY',
        'AUCTION_SETTLER_PRIVATE_KEY',
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'SMTP_URL',
        'MAIL_SECRET',
        'MAIL_EVENTS_SECRET',
        'RECAPTCHA_SECRET',
      ]),
    );
    expect(secrets.some((name) => name.startsWith('PUBLIC_'))).toBe(false);
  });

  it('knows the chain keys and environments features/chains knows', () => {
    expect(SETTINGS_CHAIN_KEYS).toEqual(CHAIN_KEYS);
    expect([...SETTINGS_CHAIN_ENVIRONMENTS].sort()).toEqual([...CHAIN_ENVIRONMENTS].sort());
  });

  it('lists the per-chain variables for every chain key, each with a description', () => {
    for (const key of CHAIN_KEYS) {
      expect(SETTING_NAMES).toContain(`INDEXER_START_BLOCK_${key}`);
      expect(SETTING_NAMES).toContain(`FINALITY_BLOCKS_${key}`);
    }
    for (const name of SETTING_NAMES) expect(settingMeta(name).description, name).toMatch(/\S/);
  });
});

describe('serverSettings', () => {
  it("is this process's settings, parsed once", () => {
    expect(serverSettings()).toBe(serverSettings());
    expect(serverSettings()).toEqual(loadSettings(process.env));
  });
});
