/**
 * The whole database schema, one module per domain. Import tables from here (`~/server/db/schema`);
 * drizzle-kit reads this file to generate migrations (see drizzle.config.ts).
 */
export * from './accounts.ts';
export * from './auctions.ts';
export * from './auth.ts';
export * from './catalog.ts';
export * from './developers.ts';
export * from './finance.ts';
export * from './indexer.ts';
export * from './jobs.ts';
export * from './ledger.ts';
export * from './market.ts';
export * from './media.ts';
export * from './moderation.ts';
export * from './offers.ts';
export * from './payments.ts';
export * from './relations.ts';
export * from './site.ts';
export * from './social.ts';
export * from './tax.ts';
export * from './tradeOffers.ts';
export * from './trading.ts';
