/**
 * Who can receive a card bought by card payment: the mint goes to the buyer's address through the Card
 * contract's `_safeMint`, which calls a contract's `onERC721Received`. A contract there (a smart account, or an
 * EOA delegating to code, EIP-7702) could burn the platform minter's gas or revert only when mined, after the
 * buyer paid; so such a buyer is told before paying, and the minter sends every mint with a fixed gas limit
 * (../issuance/serialMint.server.ts) all the same.
 *
 * @see https://eips.ethereum.org/EIPS/eip-721 (onERC721Received), https://eips.ethereum.org/EIPS/eip-7702
 */
import { eq } from 'drizzle-orm';
import { getAddress } from 'viem';
import { HttpError, notFound } from '~/server/api/errors';
import { cardDrops } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { serverChains } from '../chains/config.server';
import { publicClientFor } from '../chains/publicClients.server';

/**
 * Whether `wallet` has code on the chain of drop `dropId`.
 * @throws HttpError 404 (no such drop), 502 (its chain does not answer)
 */
export async function isContractReceiver(db: Database, dropId: number, wallet: string): Promise<boolean> {
  const [drop] = await db.select({ chainId: cardDrops.chainId }).from(cardDrops).where(eq(cardDrops.id, dropId));
  if (!drop) throw notFound('No such drop');
  const chain = serverChains().find((candidate) => candidate.chainId === drop.chainId);
  if (!chain) return false;
  try {
    const code = await publicClientFor(chain).getCode({ address: getAddress(wallet) });
    return code !== undefined && code !== '0x';
  } catch {
    throw new HttpError(502, `${chain.chainName} is not answering; try again`);
  }
}
