import { serverChains } from '~/features/chains/config.server';
import { defineRoute, describedObject } from '~/features/developers/openapi/contract';
import { chainTerms } from '~/features/trading/terms/chainTerms.server';
import { apiRoute } from '~/server/api/handler';
import { json } from '~/server/api/respond';
import { database } from '~/server/db/client';
import { serverSettings } from '~/server/settings/settings.server';

/**
 * `GET /api/v1/chains` -> `{ chains: [{ chainId, key, name, exchange, conduitKey, conduit, feeBps, feeRecipient,
 * currencies: [{ code, symbol, type, token, decimals }] }] }`: enough for any Seaport client to build a listing or
 * an offer the site accepts.
 */
export const GET = apiRoute(async () =>
  json({ chains: await chainTerms(await database(), serverChains(), serverSettings()) }),
);

/** This route's contracts in the OpenAPI document (src/features/developers/openapi/). */
export const openapi = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/chains',
    operationId: 'listChains',
    summary: 'The chains run here and their trading terms',
    tag: 'Trading',
    auth: 'none',
    answer: {
      status: 200,
      description:
        '`{chains: [{chainId, key, name, exchange, conduitKey, conduit, feeBps, feeRecipient, currencies}]}`: enough for any Seaport client to build a listing or an offer the site accepts.',
      schema: describedObject(
        'ChainTerms',
        '`{chains: [{chainId, key, name, exchange, conduitKey, conduit, feeBps, feeRecipient, currencies}]}`: enough for any Seaport client to build a listing or an offer the site accepts.',
      ),
    },
    errors: [],
  }),
];
