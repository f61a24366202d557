/**
 * Every environment variable the server, the indexer and the scripts read, in one zod schema: each entry is one
 * variable with its type, its default and a one-line description (./fields.ts). ./settings.server.ts parses the
 * environment with it once, at start; everything else is handed the typed result. `.env.example` and the
 * configuration table of docs/operations.md name every variable here (./envExample.test.ts checks both).
 *
 * `PUBLIC_*` values the browser reads through `astro:env` are declared in astro.config.mjs, not here; the ones the
 * server reads at run time (one build serves any deployment) are here.
 *
 * @see ../../../docs/operations.md (configuration), ../../../.env.example
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import {
  address,
  bytes32,
  countOrAuto,
  httpUrl,
  list,
  oneOf,
  onOff,
  type SettingMeta,
  secret,
  text,
  wholeNumber,
} from './fields.ts';

/**
 * The chain keys and the deployment environments, as features/chains names them (`CHAIN_KEYS`,
 * `CHAIN_ENVIRONMENTS`; a test keeps them equal). Written here, not imported: every feature takes its settings from
 * this module, and a feature on a floor below chains must not reach chains through it (docs/architecture.md).
 */
const CHAIN_KEYS = ['ETH', 'BSC', 'KLAYTN', 'POLYGON'] as const;
type ChainKey = (typeof CHAIN_KEYS)[number];
export const SETTINGS_CHAIN_KEYS: readonly ChainKey[] = CHAIN_KEYS;
const CHAIN_ENVIRONMENTS = ['production', 'staging', 'development', 'local'] as const;
export const SETTINGS_CHAIN_ENVIRONMENTS: readonly (typeof CHAIN_ENVIRONMENTS)[number][] = CHAIN_ENVIRONMENTS;

/** One setting per chain key (`<prefix>ETH`, `<prefix>BSC`, ...). */
function perChain<P extends string, S extends z.ZodType>(prefix: P, entry: (key: ChainKey) => S) {
  return Object.fromEntries(CHAIN_KEYS.map((key) => [`${prefix}${key}`, entry(key)])) as {
    [K in ChainKey as `${P}${K}`]: S;
  };
}

/** Why one entry of `TRUSTED_PROXIES` is not an address or a CIDR range, if it is not. */
function proxyProblem(entry: string): string | undefined {
  const [address = '', bits, extra] = entry.split('/');
  const family = isIP(address);
  const widest = family === 6 ? 128 : 32;
  const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= widest);
  return family !== 0 && validBits && extra === undefined
    ? undefined
    : `must be addresses or CIDR ranges: "${entry}" is neither`;
}

/** The settings (see the module comment), grouped as in `.env.example`. */
export const settingsSchema = z.object({
  // Server
  HOST: text('Address the server listens on.', 'localhost'),
  PORT: wholeNumber('Port the server listens on.', { max: 65_535, fallback: 4321 }),
  CLIENT_DIR: text('Folder of the built static files the server answers itself.', 'dist/client'),
  DATABASE_URL: secret('PostgreSQL connection string; unset: the embedded PGlite database in DATA_DIR.', {
    trim: false,
  }),
  DATA_DIR: text("The server's own files: the embedded database, uploaded and drawn images.", './data'),
  MIGRATIONS_DIR: text('Folder of the database migrations; unset: the one beside the code.'),
  CHAIN_ENV: oneOf('Which chain configuration to use.', CHAIN_ENVIRONMENTS, 'local'),
  CHAIN_CONFIG_FILE: text("JSON file of RPC URLs and contract addresses over the environment's defaults."),
  CHAIN_OVERRIDES_JSON: text('The same overrides as inline JSON, merged over the file chain by chain.'),
  PLATFORM_FEE_RECIPIENT: address('Receives the platform fee of every order; local chains: a fixed derived address.'),
  PLATFORM_PAYMENT_ADDRESS: address(
    "Collects money on illustrators' behalf (payable); local chains: a fixed derived address.",
  ),
  SEAPORT_CONDUIT_KEY: bytes32("The platform's Seaport conduit key; local chains: the conduit `npm start` deploys."),
  MINTER_PRIVATE_KEY: bytes32("The platform minter's key (issues cards); local chains: anvil's account 0.", {
    secret: true,
  }),
  AUCTION_SETTLER_PRIVATE_KEY: bytes32("The auction settlement account's key; local chains: anvil's account 9.", {
    secret: true,
  }),
  ZONE_SIGNER_PRIVATE_KEY: bytes32(
    "The Kirafuda zone's fulfilment signer (an active SIP-7 signer of the zone); local chains: a fixed local key.",
    { secret: true },
  ),
  ZONE_SIGNATURE_SECONDS: wholeNumber('How long a fulfilment signature of the zone holds, in seconds.', {
    min: 30,
    max: 3_600,
    fallback: 300,
  }),
  SEED_DEMO: oneOf('Demo data in an empty database: unset on local chains only, 0 never, 1 also elsewhere.', [
    '0',
    '1',
  ]),
  LOCAL_CHAIN_PORT: wholeNumber('`npm start`: first port of the four local anvil nodes (default 8545).', {
    min: 1,
    max: 65_532,
  }),

  // The chain indexer
  INDEXER: onOff('The chain indexer and the other leader jobs run inside the server; off: `npm run indexer`.', true),
  INDEXER_CONFIRMATIONS: wholeNumber('Blocks the indexer stays behind the head (default per chain; 0 locally).'),
  INDEXER_BATCH_BLOCKS: wholeNumber('Blocks one eth_getLogs covers (default 2000; 5000 locally).'),
  INDEXER_POLL_MS: wholeNumber('How often the indexer asks for new blocks, in ms (default 4000; 500 locally).'),
  ...perChain('INDEXER_START_BLOCK_', (key) =>
    wholeNumber(`First block read on ${key} without a cursor (default: the confirmed head; 0 locally).`),
  ),
  ...perChain('FINALITY_BLOCKS_', (key) =>
    wholeNumber(`Blocks after which payable money from a fill on ${key} is available (0 locally).`),
  ),

  // Processes and load
  SERVER_PROCESSES: countOrAuto('With PostgreSQL: server processes on this machine, a number or auto.'),
  DATABASE_POOL_SIZE: wholeNumber('Connections each process keeps to PostgreSQL.', { min: 1, fallback: 10 }),
  DATABASE_STATEMENT_CACHE: wholeNumber('Statements each database connection keeps parsed (0: none).', {
    fallback: 256,
  }),
  LEADER_LEASE_MS: wholeNumber('How long the leader lock outlives a frozen holder, in ms.', {
    min: 2_000,
    fallback: 20_000,
  }),
  RENDER_CONCURRENCY: wholeNumber('Pages a process renders at once (default 4; 1 with several SERVER_PROCESSES).', {
    min: 1,
  }),
  RENDER_QUEUE: wholeNumber('Renders that may wait for a slot, up to 10 s.', { fallback: 128 }),
  LIVE_STREAMS_MAX: wholeNumber('Live streams (open pages, header bells) a process holds; 0: none.', {
    fallback: 5_000,
  }),
  CHANGES_RECONNECT_MS: wholeNumber('How soon the change listener reconnects to PostgreSQL, in ms (at least 100).', {
    fallback: 1_000,
  }),
  PRELOAD_MODULES: onOff("Load every page's code in the background once the server listens.", true),

  // Behind a reverse proxy
  ALLOWED_HOSTS: text('Other origins this server answers as, comma-separated.'),
  TRUSTED_PROXIES: list(
    'Reverse proxies whose X-Forwarded-* headers are believed (addresses, CIDR ranges).',
    proxyProblem,
  ),

  // Public, read by the server at run time
  PUBLIC_SITE_URL: httpUrl("The site's canonical origin (canonical links, sitemaps, sign-in messages).", {
    fallback: 'http://localhost:4321',
  }),
  PUBLIC_WEB3AUTH_CLIENT_ID: text('Web3Auth client id for e-mail and social login; unset: not offered.'),
  WEB3AUTH_NETWORK: oneOf('Web3Auth network of that client id (default sapphire_mainnet).', [
    'sapphire_mainnet',
    'sapphire_devnet',
  ]),

  // Card payments (Stripe)
  STRIPE_SECRET_KEY: secret("Stripe's secret key; with the webhook secret and the publishable key, card payments."),
  STRIPE_WEBHOOK_SECRET: secret("The signing secret of Stripe's webhook."),
  PUBLIC_STRIPE_PUBLISHABLE_KEY: text("Stripe's publishable key (set it at build time too, for the CSP)."),
  STRIPE_API_BASE: httpUrl("Another base URL for Stripe's API (tests: a local stand-in)."),
  PURCHASE_MINT_POLL_MS: wholeNumber('How often the purchase minter looks for paid purchases, in ms (at least 100).', {
    fallback: 30_000,
  }),
  PURCHASE_MINT_RETRY_SECONDS: wholeNumber('How long a failed purchase mint waits per attempt, in seconds.', {
    fallback: 30,
  }),

  // Mail
  SMTP_URL: secret("Nodemailer's SMTP URL (it may carry a password); with MAIL_FROM and MAIL_SECRET, mail is on."),
  MAIL_FROM: text('The From address of every mail.'),
  MAIL_SECRET: secret('HMAC key (32+ characters) of the unsubscribe and confirmation links.', { trim: false }),
  MAIL_EVENTS_SECRET: secret("HMAC key (32+ characters) of the mail provider's bounce reports.", { trim: false }),
  DIGEST_WEEKDAY: wholeNumber('Day the weekly digest goes out, Asia/Tokyo: 0 Sunday to 6.', {
    max: 6,
    fallback: 1,
  }),
  DIGEST_HOUR: wholeNumber('Hour the weekly digest goes out, Asia/Tokyo: 0 to 23.', { max: 23, fallback: 9 }),

  // Yen rates
  RATES_HTTP_URL: httpUrl("A price API answering CoinGecko's simple/price shape, ids in the URL."),
  RATES_HTTP_IDS: text("Currency codes to that API's ids: 2=ethereum,3=binancecoin."),
  RATES_CHAINLINK_FEEDS: text('Or Chainlink feeds on Ethereum: JPY=<JPY/USD feed>,2=<ETH/USD feed>,...'),

  // Content-addressed media (features/media/mediaSettings.server.ts reads their shape at start)
  PINNING_SERVICES: secret(
    'Outside pinning services for every card CID: a JSON array of {"name","endpoint","token"} (at most 8).',
  ),
  MEDIA_S3_URL: secret(
    'An S3-compatible bucket for the IPFS blocks: https://KEY:SECRET@host/bucket[/prefix]?region=R.',
  ),

  // The API for third parties (features/developers)
  API_KEY_RATE_LIMIT: wholeNumber('Requests one API key may make per window, across every server process.', {
    min: 1,
    fallback: 120,
  }),
  API_KEY_RATE_WINDOW_SECONDS: wholeNumber("The API keys' rate window, in seconds.", { min: 1, fallback: 60 }),
  WEBHOOK_ALLOW_LOOPBACK: oneOf(
    'on: webhook URLs may reach this machine (development, tests); default on with local chains, never in production.',
    ['on', 'off', '1', '0', 'true', 'false', 'yes', 'no'],
  ),
  WEBHOOK_RETRY_SECONDS: wholeNumber('How long a failing webhook endpoint is retried, in seconds (three days).', {
    min: 1,
    fallback: 3 * 86_400,
  }),
  WEBHOOK_RETRY_BASE_MS: wholeNumber("A webhook's first retry wait, in ms (doubled per failure, jittered).", {
    min: 1,
    fallback: 30_000,
  }),
  WEBHOOK_POLL_MS: wholeNumber('How often each server process looks for webhook deliveries, in ms.', {
    min: 10,
    fallback: 1_000,
  }),
  WEBHOOK_TIMEOUT_MS: wholeNumber('How long a webhook endpoint has to answer, in ms.', { min: 100, fallback: 10_000 }),

  // Sessions and the contact form
  ACCESS_TOKEN_TTL_MS: wholeNumber('Lifetime of an access token, in ms (tests shorten it).', {
    min: 1,
    fallback: 15 * 60_000,
  }),
  REFRESH_REUSE_GRACE_MS: wholeNumber('How long a just-used refresh token may be presented again, in ms.', {
    fallback: 10_000,
  }),
  RECAPTCHA_SECRET: secret('reCAPTCHA secret of the contact form; unset: no captcha.', { trim: false }),
  RECAPTCHA_VERIFY_URL: httpUrl("reCAPTCHA's siteverify URL (default Google's; tests: a local stub)."),

  // Tests only
  TEST_DATABASE_URL: secret('`npm test` runs the API tests again against this PostgreSQL database (it is wiped).', {
    trim: false,
  }),
});

/** The parsed settings: one typed field per variable, defaults filled in. */
export type Settings = z.output<typeof settingsSchema>;

/** The name of every variable of the schema. */
export const SETTING_NAMES = Object.keys(settingsSchema.shape) as (keyof Settings)[];

/** What the schema says of variable `name`. */
export function settingMeta(name: keyof Settings): SettingMeta {
  return settingsSchema.shape[name].meta() as unknown as SettingMeta;
}
