import { z } from 'zod';
import { chainFromParam, chainReadParams, ownedTokenIds, transferEventJson } from '~/features/chains/chainReads.server';
import { serverChains } from '~/features/chains/config.server';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import {
  limitHistoryReads,
  requireCatalogueContract,
  transferHistory,
} from '~/features/indexer/transferHistory.server';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

const query = z.object({
  contract_address: chainReadParams.address,
  wallet_address: chainReadParams.address.optional(),
  from: chainReadParams.address.optional(),
  to: chainReadParams.address.optional(),
  token_id: chainReadParams.uint256.optional(),
  chain_id: chainReadParams.chainId,
  from_block: chainReadParams.uint256.optional(),
  to_block: chainReadParams.uint256.optional(),
});

/**
 * `GET /api/v1/transfer_events?contract_address[&wallet_address][&from][&to][&token_id][&chain_id][&from_block]
 * [&to_block]` -> `{events, tokenIds?}`: the ERC-721 Transfer events of a catalogue collection to or from
 * `wallet_address` (narrowed by `from`, `to`, `token_id`), oldest first, each with `args: [from, to,
 * hexTokenId]`; and, when a wallet is given without `from`/`to`, the token ids it owns after them. Read from the
 * indexer's records when it follows the chain, else from the chain over at most 5,000 blocks (the latest by
 * default). 404 for a contract outside the catalogue, 422 without any filter or for a wider range, 429 past
 * 60 reads a minute. @see spec §3 "Transfer event", §7
 */
export const GET = apiRoute(async (ctx) => {
  const q = readQuery(ctx.url, query);
  const db = await database();
  await limitHistoryReads(db, ctx.locals.client.ip);
  const chain = chainFromParam(serverChains(), q.chain_id, ctx.locals.chain);
  await requireCatalogueContract(db, chain.chainId, q.contract_address);
  const events = await transferHistory(
    db,
    chain,
    q.contract_address,
    { wallet: q.wallet_address, from: q.from, to: q.to, tokenId: q.token_id },
    { fromBlock: q.from_block, toBlock: q.to_block },
  );
  const owned = q.wallet_address && !q.from && !q.to ? ownedTokenIds(events, q.wallet_address).map(String) : undefined;
  return json({ events: events.map(transferEventJson), ...(owned ? { tokenIds: owned } : {}) });
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/transfer_events',
    operationId: 'listTransferEvents',
    summary: "A collection's ERC-721 Transfer events, from the chain",
    tag: 'Chain',
    auth: 'none',
    query: query,
    answer: {
      status: 200,
      description: 'The events, oldest first, with their block and transaction.',
      schema: describedObject('TransferEvents', 'The events, oldest first, with their block and transaction.'),
    },
    errors: [422, 429, 502],
  }),
];
