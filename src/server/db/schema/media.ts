/**
 * Content-addressed media (IPFS UnixFS, CIDv1 of the `unixfs-v1-2025` profile): the blocks themselves when they
 * live in the database (an S3-compatible bucket may hold them instead), what each card design and collection
 * published (their metadata CIDs, whether the chain froze them), which token reads which document, and the
 * requests to outside pinning services (one per CID and service, retried by a job until pinned).
 *
 * @see ../../../features/media/ (the one writer of these tables), docs/operations.md (pinning, S3)
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { addressCheck, id, oneOf, timestamps, timestamptz, uint256 } from './columns.ts';
import { contractOnChain, tokenOnChain } from './onChain.ts';

/** `bytea`, read and written as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** One IPFS block by its CID (base32 CIDv1 text); written once, never changed. */
export const ipfsBlocks = pgTable('ipfs_blocks', {
  cid: text('cid').primaryKey(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/**
 * A card design's published metadata: the UnixFS directory (one JSON per serial) and the images it names; when
 * the chain showed the URI (`DesignURIChanged`) and when it froze it (`DesignURIFrozen`), as the indexer saw.
 */
export const mediaDesigns = pgTable(
  'media_designs',
  {
    ...contractOnChain(),
    designId: uint256('design_id').notNull(),
    metadataCid: text('metadata_cid').notNull(),
    imageCids: text('image_cids').array().notNull(),
    /** Each serial's document and image: `{"1": ["<metadata CID>", "<image CID>"], ...}`. */
    files: jsonb('files').$type<Record<string, [string, string]>>().notNull(),
    /** The URI the chain holds (null until the publication is mined). */
    uriOnChain: text('uri_on_chain'),
    frozenAt: timestamptz('frozen_at'),
    /** The block of the `DesignURIFrozen` the indexer saw (a reorganisation past it undoes the freeze here). */
    frozenBlock: bigint('frozen_block', { mode: 'number' }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.contractAddress, t.designId] }),
    addressCheck('media_designs_contract_format', t.contractAddress),
  ],
);

/** Which document a token reads: its design, serial, metadata file and image (for the exit kit and token page). */
export const mediaTokens = pgTable(
  'media_tokens',
  {
    ...tokenOnChain(),
    designId: uint256('design_id').notNull(),
    serial: integer('serial').notNull(),
    metadataCid: text('metadata_cid').notNull(),
    imageCid: text('image_cid').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.contractAddress, t.tokenId] }),
    addressCheck('media_tokens_contract_format', t.contractAddress),
    check('media_tokens_serial_positive', sql`${t.serial} > 0`),
    // A card's page by design and serial (the metadata's external_url, known before the mint).
    unique('media_tokens_design_serial_unique').on(t.chainId, t.contractAddress, t.designId, t.serial),
  ],
);

/** A collection's ERC-7572 contract metadata, and when the chain showed it. */
export const mediaCollections = pgTable(
  'media_collections',
  {
    ...contractOnChain(),
    cid: text('cid').notNull(),
    imageCid: text('image_cid'),
    uriOnChain: text('uri_on_chain'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.contractAddress] }),
    addressCheck('media_collections_contract_format', t.contractAddress),
  ],
);

/** Statuses of a pin request, as the IPFS Pinning Service API names them. */
export const PIN_STATUSES = ['queued', 'pinning', 'pinned', 'failed'] as const;

/**
 * One CID to pin at one configured service (by its name): the service's request id once it accepted, its last
 * status, and when to ask again (exponential backoff). Claimed by a job pass under `FOR UPDATE SKIP LOCKED`.
 */
export const pinRequests = pgTable(
  'pin_requests',
  {
    id: id(),
    cid: text('cid').notNull(),
    service: text('service').notNull(),
    status: text('status').notNull().default('queued'),
    requestId: text('request_id'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    claimedAt: timestamptz('claimed_at'),
    lastError: text('last_error'),
    pinnedAt: timestamptz('pinned_at'),
    ...timestamps(),
  },
  (t) => [
    unique('pin_requests_cid_service_unique').on(t.cid, t.service),
    oneOf('pin_requests_status', t.status, PIN_STATUSES),
    index('pin_requests_due_idx').on(t.nextAttemptAt).where(sql`${t.status} <> 'pinned'`),
  ],
);
