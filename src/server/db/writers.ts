/**
 * The writers table: for each state table (or column), the one module — or the one feature folder, ending in
 * `/` — allowed to insert, update or delete it. `src/architecture.test.ts` finds every write in the product with
 * the TypeScript compiler (tests/helpers/tableWriters.ts) and holds it to this table, and holds the schema's
 * foreign keys to it too (no `cascade` into an owned table from a table of another owner). The demo seed
 * (`src/dev/`) is not the product and is not held to it. No product code imports this module.
 *
 * `writes`: `all` (every insert, update and delete), `rows` (inserts and deletes: the rows, not their other
 * columns), or the columns whose writes (inserts, and updates that set them) are owned.
 *
 * @see ../../../docs/architecture.md ("One writer per state")
 */
export interface TableWriter {
  table: string;
  writes: 'all' | 'rows' | readonly string[];
  owner: string;
}

const LEDGER = 'src/features/ledger/';
const NOTIFICATIONS = 'src/features/notifications/';
const DEVELOPERS = 'src/features/developers/';

export const TABLE_WRITERS: readonly TableWriter[] = [
  // An order's state: the order module, whatever act moves it.
  { table: 'sell_orders', writes: ['status'], owner: 'src/features/trading/orders/orderStatus.server.ts' },
  { table: 'offers', writes: ['status'], owner: 'src/features/trading/orders/orderStatus.server.ts' },
  // Trade offers (cards for cards): the trade room, from their making to the fill the indexer reads.
  { table: 'trade_offers', writes: 'all', owner: 'src/features/trading/trade/tradeOffers.server.ts' },
  // Money: the ledger, only.
  { table: 'revenues', writes: 'all', owner: LEDGER },
  { table: 'payouts', writes: 'all', owner: LEDGER },
  { table: 'payout_transfers', writes: 'all', owner: LEDGER },
  { table: 'platform_receipts', writes: 'all', owner: LEDGER },
  { table: 'fill_bookings', writes: 'all', owner: LEDGER },
  { table: 'reconciliation_holds', writes: 'all', owner: LEDGER },
  { table: 'payout_withholdings', writes: 'all', owner: LEDGER },
  { table: 'tax_profiles', writes: 'all', owner: LEDGER },
  { table: 'tax_settings', writes: 'all', owner: LEDGER },
  // What reaches a user: notifications (notify.server.ts writes them, the inbox marks and erases its reader's),
  // and the mail outbox.
  { table: 'notifications', writes: 'all', owner: NOTIFICATIONS },
  { table: 'notification_events', writes: 'all', owner: NOTIFICATIONS },
  { table: 'mail_outbox', writes: 'all', owner: 'src/features/notifications/mail/outbox.server.ts' },
  // A card purchase's status (paid by card, minted, refunded).
  { table: 'card_purchases', writes: ['status'], owner: 'src/features/payments/purchaseStatus.server.ts' },
  // Sales, as the chain recorded them (and took them back).
  { table: 'sales', writes: 'all', owner: 'src/features/indexer/saleRecords.server.ts' },
  // How often each collection and creator sold: counted again from the sales whenever they change.
  { table: 'categories', writes: ['sales_count'], owner: 'src/features/market/salesCounts.server.ts' },
  { table: 'illustrators', writes: ['sales_count'], owner: 'src/features/market/salesCounts.server.ts' },
  // Where cards live (content addressing): the design and token records, the blocks, the pin requests.
  { table: 'media_designs', writes: 'all', owner: 'src/features/media/mediaRecords.server.ts' },
  { table: 'media_tokens', writes: 'all', owner: 'src/features/media/mediaRecords.server.ts' },
  { table: 'media_collections', writes: 'all', owner: 'src/features/media/mediaRecords.server.ts' },
  { table: 'ipfs_blocks', writes: 'all', owner: 'src/features/media/databaseBlocks.server.ts' },
  { table: 'pin_requests', writes: 'all', owner: 'src/features/media/pinning/pinQueue.server.ts' },
  // The market's events for third parties: recorded once per fact by the writers of the facts, through one module.
  { table: 'events', writes: 'all', owner: 'src/features/events/marketEvents.server.ts' },
  // What developers make: API keys, webhook endpoints and their outbox.
  { table: 'api_keys', writes: 'all', owner: DEVELOPERS },
  { table: 'webhooks', writes: 'all', owner: DEVELOPERS },
  { table: 'webhook_deliveries', writes: 'all', owner: DEVELOPERS },
  // Cards and their owner: the indexer, the minter and the sell path all call one module.
  { table: 'cards', writes: 'rows', owner: 'src/features/catalogue/cardWrites.server.ts' },
  { table: 'cards', writes: ['owner_address'], owner: 'src/features/catalogue/cardWrites.server.ts' },
  // Where each card stands in the price orders: followed from its listings, its owner and the yen rates.
  {
    table: 'cards',
    writes: ['price_asc_rank', 'price_desc_rank'],
    owner: 'src/features/catalogue/cardWrites.server.ts',
  },
];
