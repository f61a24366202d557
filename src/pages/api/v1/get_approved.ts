import { z } from 'zod';
import { chainReadParams, readApproved } from '~/features/chains/chainReads.server';
import { describedObject } from '~/features/developers/openapi/contract';
import { chainReadRoute } from './_chainReadRoute';

/**
 * `GET /api/v1/get_approved?chain_id&contract_address&token_id` -> `{approved}` (ERC-721 `getApproved`;
 * the zero address when nobody is approved). 404 for a token that does not exist. @see spec §7
 */
export const { GET, openapi } = chainReadRoute(
  {
    path: '/api/v1/get_approved',
    operationId: 'getApproved',
    summary: 'ERC-721 getApproved, read from the chain',
    query: z.object({
      token_id: chainReadParams.uint256,
      contract_address: chainReadParams.address,
      chain_id: chainReadParams.chainId,
    }),
    answer: {
      status: 200,
      description: '`{approved}` (the zero address when nobody is).',
      schema: describedObject('Approved', '`{approved}` (the zero address when nobody is).'),
    },
    errors: [404, 422, 502],
  },
  async (chain, { token_id, contract_address }) => ({
    approved: await readApproved(chain, contract_address, token_id),
  }),
);
