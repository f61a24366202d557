/**
 * A route that answers one ERC-721 read from the chain (`balance_of`, `get_approved`, `owner_of`), written once:
 * `GET` reads its query, picks the chain (`chain_id`, else the request's current chain; 422 for one this server
 * does not run), makes the read and answers its JSON; its contract in the OpenAPI document (tag `Chain`, no
 * auth). Not a route itself (its name starts with `_`). @see spec §7
 */
import type { z } from 'zod';
import { chainFromParam } from '~/features/chains/chainReads.server';
import type { Chain } from '~/features/chains/chains';
import { serverChains } from '~/features/chains/config.server';
import { defineRoute, type RouteContract } from '~/features/developers/openapi/contract';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';

/** The contract of a chain read: what differs from one read to the next. */
type ChainReadContract<Q> = Pick<RouteContract, 'path' | 'operationId' | 'summary' | 'answer' | 'errors'> & {
  query: Q;
};

/** `GET` and `openapi` of a read of the chain: `read` answers the JSON for the parsed query on the chain. */
export function chainReadRoute<Q extends z.ZodType<{ chain_id?: number | undefined }>>(
  contract: ChainReadContract<Q>,
  read: (chain: Chain, query: z.output<Q>) => Promise<Record<string, unknown>>,
) {
  return {
    GET: apiRoute(async (ctx) => {
      const query = readQuery(ctx.url, contract.query);
      const chain = chainFromParam(serverChains(), query.chain_id, ctx.locals.chain);
      return json(await read(chain, query));
    }),
    openapi: [defineRoute({ method: 'GET', ...contract, tag: 'Chain', auth: 'none' })],
  };
}
