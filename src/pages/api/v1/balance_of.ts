import { z } from 'zod';
import { chainReadParams, readBalanceOf } from '~/features/chains/chainReads.server';
import { describedObject } from '~/features/developers/openapi/contract';
import { chainReadRoute } from './_chainReadRoute';

/**
 * `GET /api/v1/balance_of?wallet_address&contract_address[&chain_id]` -> `{balance}` as a decimal string
 * (ERC-721 `balanceOf`, read from the chain). @see spec §7
 */
export const { GET, openapi } = chainReadRoute(
  {
    path: '/api/v1/balance_of',
    operationId: 'balanceOf',
    summary: 'ERC-721 balanceOf, read from the chain',
    query: z.object({
      wallet_address: chainReadParams.address,
      contract_address: chainReadParams.address,
      chain_id: chainReadParams.chainId,
    }),
    answer: {
      status: 200,
      description: '`{balance}` as a decimal string.',
      schema: describedObject('Balance', '`{balance}` as a decimal string.'),
    },
    errors: [422, 502],
  },
  async (chain, { wallet_address, contract_address }) => ({
    balance: (await readBalanceOf(chain, contract_address, wallet_address)).toString(),
  }),
);
