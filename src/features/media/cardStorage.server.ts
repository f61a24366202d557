/**
 * Where a card lives, for its token page and the admin: its metadata URI and CIDs, whether the chain froze it,
 * and each pinning service's status for its CIDs. One indexed query (the token page's cache miss pays it), and
 * the cards whose pins changed (to drop their cached pages).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '~/server/db/types';
import type { PinStatus } from './pinning/pinningClient';

/** A card's storage, as shown. */
export interface CardStorage {
  /** `ipfs://<directory>/<serial>`, what tokenURI answers. */
  tokenUri: string;
  metadataCid: string;
  directoryCid: string;
  imageCid: string;
  /** The chain holds the URI (the publication was mined). */
  onChain: boolean;
  frozenAt: Date | null;
  /** Per service, its status for the card (the least advanced of its CIDs'). */
  pins: { service: string; status: PinStatus }[];
}

const ORDER: readonly PinStatus[] = ['failed', 'queued', 'pinning', 'pinned'];

/** The least advanced status of each service among `rows`. */
export function pinsByService(rows: readonly { service: string; status: string }[]): CardStorage['pins'] {
  const worst = new Map<string, PinStatus>();
  for (const row of rows) {
    const status = (ORDER.includes(row.status as PinStatus) ? row.status : 'queued') as PinStatus;
    const known = worst.get(row.service);
    if (!known || ORDER.indexOf(status) < ORDER.indexOf(known)) worst.set(row.service, status);
  }
  return [...worst]
    .map(([service, status]) => ({ service, status }))
    .sort((a, b) => a.service.localeCompare(b.service));
}

/** The card's storage, or null when its metadata is not published here. */
export async function cardStorage(
  db: Database,
  card: { chainId: number; contractAddress: string; tokenId: string },
): Promise<CardStorage | null> {
  const result = await db.execute<{
    serial: number;
    metadata_cid: string;
    image_cid: string;
    directory_cid: string;
    uri_on_chain: string | null;
    frozen_at: string | Date | null;
    pins: { service: string; status: string }[] | string | null;
  }>(sql`
    select t.serial, t.metadata_cid, t.image_cid, d.metadata_cid as directory_cid, d.uri_on_chain, d.frozen_at,
      (select json_agg(json_build_object('service', p.service, 'status', p.status))
         from pin_requests p where p.cid in (d.metadata_cid, t.image_cid)) as pins
    from media_tokens t
    join media_designs d
      on d.chain_id = t.chain_id and d.contract_address = t.contract_address and d.design_id = t.design_id
    where t.chain_id = ${card.chainId} and t.contract_address = ${card.contractAddress.toLowerCase()}
      and t.token_id = ${card.tokenId}`);
  const [row] = result.rows;
  if (!row) return null;
  const pins = typeof row.pins === 'string' ? JSON.parse(row.pins) : (row.pins ?? []);
  return {
    tokenUri: `ipfs://${row.directory_cid}/${row.serial}`,
    metadataCid: row.metadata_cid,
    directoryCid: row.directory_cid,
    imageCid: row.image_cid,
    onChain: row.uri_on_chain !== null,
    frozenAt: row.frozen_at === null ? null : new Date(row.frozen_at),
    pins: pinsByService(pins),
  };
}

/** The catalogue ids of the cards reading any of `cids` (a design's directory or an image). */
export async function cardsOfCids(db: Database, cids: readonly string[]): Promise<number[]> {
  if (cids.length === 0) return [];
  const list = sql.join(
    cids.map((cid) => sql`${cid}`),
    sql`, `,
  );
  const result = await db.execute<{ id: unknown }>(sql`
    select distinct c.id from media_tokens t
    join media_designs d
      on d.chain_id = t.chain_id and d.contract_address = t.contract_address and d.design_id = t.design_id
    join cards c on c.chain_id = t.chain_id and c.contract_address = t.contract_address and c.token_id = t.token_id
    where t.image_cid in (${list}) or d.metadata_cid in (${list})
    limit 1000`);
  return result.rows.map((row) => Number(row.id));
}
