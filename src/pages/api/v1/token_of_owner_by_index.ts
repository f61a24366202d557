import { z } from 'zod';
import {
  chainFromParam,
  chainReadParams,
  readTokenOfOwnerByIndex,
  readTokensOfOwner,
} from '~/features/chains/chainReads.server';
import { serverChains } from '~/features/chains/config.server';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import {
  indexedTokensOfOwner,
  limitHistoryReads,
  requireCatalogueContract,
} from '~/features/indexer/transferHistory.server';
import { notFound } from '~/server/api/errors';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

const query = z.object({
  wallet_address: chainReadParams.address,
  contract_address: chainReadParams.address,
  index: chainReadParams.uint256.optional(),
  chain_id: chainReadParams.chainId,
});

/**
 * `GET /api/v1/token_of_owner_by_index?wallet_address&contract_address[&index][&chain_id]` for a catalogue
 * collection: with `index` -> `{tokenId}` (404 past the owner's last token); without -> `{balance, tokenIds}`,
 * the first 100 token ids of the owner. From the indexer's records when it follows the chain (token id
 * order), else ERC-721 Enumerable on chain. Numbers are decimal strings. 404 for a contract outside the
 * catalogue, 429 past 60 reads a minute. @see spec §7
 */
export const GET = apiRoute(async (ctx) => {
  const { wallet_address, contract_address, index, chain_id } = readQuery(ctx.url, query);
  const db = await database();
  await limitHistoryReads(db, ctx.locals.client.ip);
  const chain = chainFromParam(serverChains(), chain_id, ctx.locals.chain);
  await requireCatalogueContract(db, chain.chainId, contract_address);
  const indexed = await indexedTokensOfOwner(db, chain, contract_address, wallet_address);
  if (index !== undefined) {
    if (indexed) {
      const tokenId = indexed.tokenIds[Number(index)];
      if (index >= BigInt(indexed.tokenIds.length) || tokenId === undefined)
        throw notFound(`${wallet_address} has no token at index ${index} of ${contract_address}`);
      return json({ tokenId: tokenId.toString() });
    }
    const tokenId = await readTokenOfOwnerByIndex(chain, contract_address, wallet_address, index);
    return json({ tokenId: tokenId.toString() });
  }
  const { balance, tokenIds } = indexed ?? (await readTokensOfOwner(chain, contract_address, wallet_address));
  return json({ balance: balance.toString(), tokenIds: tokenIds.map(String) });
});

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/token_of_owner_by_index',
    operationId: 'tokenOfOwnerByIndex',
    summary: 'The n-th card of a wallet in a collection',
    tag: 'Chain',
    auth: 'none',
    query: query,
    answer: { status: 200, description: '`{tokenId}`.', schema: describedObject('TokenOfOwner', '`{tokenId}`.') },
    errors: [404, 422, 502],
  }),
];
