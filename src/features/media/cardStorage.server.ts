/**
 * Where a card lives, for its token page and the admin: its metadata URI and CIDs, whether the chain froze it,
 * and each pinning service's status for its CIDs (read with the card on its token page: one subquery), and
 * the cards whose pins changed (to drop their cached pages).
 */
import { type SQL, sql } from 'drizzle-orm';
import { fromJson } from '~/lib/rowValues';
import type { TokenRef } from '~/server/db/onChainConditions';
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

/** What {@link cardStorageSql} gives for a published card. */
interface StorageJson {
  serial: number;
  metadataCid: string;
  imageCid: string;
  directoryCid: string;
  uriOnChain: string | null;
  frozenAt: string | null;
  pins: { service: string; status: string }[] | null;
}

/**
 * The card's storage as one JSON object (null when its metadata is not published here), through the media
 * tokens' index: a column of the token page's statement (`card` names its columns). Read with
 * {@link cardStorageOf}.
 */
export function cardStorageSql(card: TokenRef): SQL {
  return sql`(select json_build_object('serial', t.serial, 'metadataCid', t.metadata_cid, 'imageCid', t.image_cid,
        'directoryCid', d.metadata_cid, 'uriOnChain', d.uri_on_chain, 'frozenAt', d.frozen_at,
        'pins', (select json_agg(json_build_object('service', p.service, 'status', p.status))
           from pin_requests p where p.cid in (d.metadata_cid, t.image_cid)))
    from media_tokens t
    join media_designs d
      on d.chain_id = t.chain_id and d.contract_address = t.contract_address and d.design_id = t.design_id
    where t.chain_id = ${card.chainId} and t.contract_address = ${card.contractAddress}
      and t.token_id = ${card.tokenId}::numeric)`;
}

/** The storage in `value`, what {@link cardStorageSql} gave (a JSON object or its text, or null). */
export function cardStorageOf(value: unknown): CardStorage | null {
  const row = fromJson(value) as StorageJson | null;
  if (!row) return null;
  return {
    tokenUri: `ipfs://${row.directoryCid}/${row.serial}`,
    metadataCid: row.metadataCid,
    directoryCid: row.directoryCid,
    imageCid: row.imageCid,
    onChain: row.uriOnChain !== null,
    frozenAt: row.frozenAt === null ? null : new Date(row.frozenAt),
    pins: pinsByService(row.pins ?? []),
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
