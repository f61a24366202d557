/**
 * The chain the money API tests start from (tests/api/money.test.ts): design 2 pays its royalty to the platform's
 * payment address (its serials 21 and 22 go to the seller), and the creator holds cards 10 and 11 of their own
 * design with Seaport and the conduit allowed to move them.
 */
import { type Address, createWalletClient, erc721Abi, type Hex, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { cardAbi } from '../../src/features/trading/contracts/cardAbi.ts';
import type { ApiClient } from '../helpers/api.ts';
import type { LocalWallet } from '../helpers/localMarket.ts';
import type { TestMarket } from '../helpers/testMarket.ts';

/** Prepares the chain (see the module comment). */
export async function prepareMoneyCards(fixture: TestMarket, creatorWallet: LocalWallet, paymentAddress: Address) {
  const { deployer, seller, contracts, mined } = fixture.market;
  // Design 2: royalty to the platform's payment address; serials 21 and 22 to the seller.
  await mined(
    await deployer.writeContract({
      address: contracts.card,
      abi: cardAbi,
      functionName: 'issueDesign',
      args: [paymentAddress, 500, 10n, false],
    }),
  );
  await mined(
    await deployer.writeContract({
      address: contracts.card,
      abi: cardAbi,
      functionName: 'mintSerials',
      args: [2n, seller.account.address, 2n],
    }),
  );
  // The creator holds cards 10 and 11 of their own design and lets Seaport and the conduit move them.
  for (const tokenId of [10n, 11n]) {
    await mined(
      await seller.writeContract({
        address: contracts.card,
        abi: erc721Abi,
        functionName: 'transferFrom',
        args: [seller.account.address, creatorWallet.account.address, tokenId],
      }),
    );
  }
  for (const operator of [contracts.seaport, contracts.conduit]) {
    await mined(
      await creatorWallet.writeContract({
        address: contracts.card,
        abi: erc721Abi,
        functionName: 'setApprovalForAll',
        args: [operator, true],
      }),
    );
  }
}

/** A wallet of `key` on the test market's chain. */
export const marketWallet = (fixture: TestMarket, key: Hex): LocalWallet =>
  createWalletClient({
    account: privateKeyToAccount(key),
    chain: fixture.market.chain,
    transport: http(fixture.market.anvil.rpcUrl),
  }) as LocalWallet;

/** One of the illustrator's balances on the payouts page. */
export interface Balance {
  chainId: number | null;
  currencyCode: number;
  available: string;
}

/** The illustrator's balances (`GET /api/v1/dashboard/payouts`). */
export const balancesOf = async (illustrator: ApiClient) =>
  (await illustrator.get<{ balances: Balance[] }>('/api/v1/dashboard/payouts')).body.balances;

/** The illustrator asks for a payout of `amount` in `currencyCode` on chain 1. */
export const payoutRequest = (illustrator: ApiClient, amount: bigint, currencyCode = 2) =>
  illustrator.post<{ message?: string; status?: string }>('/api/v1/dashboard/payouts', {
    amount: amount.toString(),
    currency_code: currencyCode,
    chain_id: 1,
  });
