import { z } from 'zod';
import { requireUser } from '~/features/session/requireAuth.server';
import { favoritedAmong } from '~/features/social/social.server';
import { addressSchema } from '~/lib/addresses';
import { tokenIdParam } from '~/lib/params';
import { apiRoute } from '~/server/api/handler';
import { readQuery } from '~/server/api/parse';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';

/** The most cards one question may name: more than any page of tiles shows. */
export const FAVORITES_QUERY_MAX = 100;

const cardRef = z
  .string()
  .transform((value) => value.split(':'))
  .pipe(z.tuple([z.string().regex(/^\d{1,10}$/, 'a chain id'), addressSchema, tokenIdParam]))
  .transform(([chainId, contract, tokenId]) => ({ chainId: Number(chainId), contract, tokenId }));

const query = z.object({
  cards: z
    .string()
    .transform((value) => (value === '' ? [] : value.split(',')))
    .pipe(z.array(cardRef).max(FAVORITES_QUERY_MAX)),
});

/**
 * `GET /api/v1/favorites?cards={chain_id}:{contract}:{token_id},…` -> `{favorited: ["{chain_id}:{contract}:{token_id}", …]}`:
 * which of the named cards (at most 100, e.g. a page of tiles) the signed-in user favours, contracts in lower
 * case and token ids in decimal; 401 signed out, 422 for a malformed or longer list.
 */
export const GET = apiRoute(async (ctx) => {
  const user = requireUser(ctx);
  const { cards } = readQuery(ctx.url, query);
  return json({ favorited: await favoritedAmong(await database(), user.id, cards) });
});
