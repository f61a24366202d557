/**
 * The freeze job's pass over one chain: a design whose URI was published more than the contract's
 * `FREEZE_WINDOW` (three days) ago is frozen by the platform minter with `freezeDesignURI`, naming its minted tokens,
 * so the chain says `PermanentURI` and ERC-4906 `MetadataUpdate` for each. (The contract refuses any change after the
 * window whether or not this runs: the transaction is the public announcement.) A creator may freeze sooner from
 * their own wallet. The indexer records the freeze from `DesignURIFrozen`; this pass records it too once mined.
 *
 * @see ../../../contracts/Card.sol (FREEZE_WINDOW, freezeDesignURI), docs/operations.md (content-addressed media)
 */
import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { getAddress, type PrivateKeyAccount } from 'viem';
import type { Chain } from '~/features/chains/chains';
import { publicClientFor } from '~/features/chains/publicClients.server';
import { recordDesignFrozen } from '~/features/media/mediaRecords.server';
import { cardAbi } from '~/features/trading/contracts/cardAbi';
import { onContract } from '~/server/db/onChainConditions';
import { mediaDesigns, mediaTokens } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { oneAtATime } from './minter.server';
import { sendAsMinter } from './minterTransactions.server';

/** The contract's window (`Card.FREEZE_WINDOW`), in ms: rows younger than this are not even looked at. */
export const FREEZE_WINDOW_MS = 3 * 24 * 3600_000;
/** Designs one pass freezes at most. */
const PER_PASS = 10;

/** One pass over `chain`; answers how many designs it froze. */
export async function freezeDueDesigns(
  db: Database,
  chain: Chain,
  account: PrivateKeyAccount,
  now = new Date(),
): Promise<number> {
  const due = await db
    .select()
    .from(mediaDesigns)
    .where(
      and(
        eq(mediaDesigns.chainId, chain.chainId),
        isNull(mediaDesigns.frozenAt),
        isNotNull(mediaDesigns.uriOnChain),
        lte(mediaDesigns.updatedAt, new Date(now.getTime() - FREEZE_WINDOW_MS)),
      ),
    )
    .limit(PER_PASS);
  const client = publicClientFor(chain);
  let frozen = 0;
  for (const design of due) {
    const contract = getAddress(design.contractAddress);
    const designId = BigInt(design.designId);
    const isFrozen = await client.readContract({
      address: contract,
      abi: cardAbi,
      functionName: 'isDesignURIFrozen',
      args: [designId],
    });
    const info = await client.readContract({
      address: contract,
      abi: cardAbi,
      functionName: 'designInfo',
      args: [designId],
    });
    // Not yet past the window on chain (the row was written late), or already announced.
    if (!isFrozen || info.uriFrozen) {
      if (info.uriFrozen)
        await recordDesignFrozen(db, { chainId: chain.chainId, contract, designId }, design.uriOnChain ?? '', now);
      continue;
    }
    await freezeDesign(db, chain, account, design);
    frozen += 1;
  }
  return frozen;
}

/** A design as {@link freezeDesign} needs it: where it is, and the URI the chain holds for it. */
export type DesignToFreeze = Pick<typeof mediaDesigns.$inferSelect, 'contractAddress' | 'designId' | 'uriOnChain'>;

/**
 * Freezes one design now, as the platform minter (the contract lets the minter freeze at any time), naming its
 * minted tokens, and records it. The pass above calls it for designs past the window; the demo for one design
 * per chain, so a frozen card can be seen from the start.
 */
export async function freezeDesign(
  db: Database,
  chain: Chain,
  account: PrivateKeyAccount,
  design: DesignToFreeze,
): Promise<void> {
  const contract = getAddress(design.contractAddress);
  const designId = BigInt(design.designId);
  const tokens = await db
    .select({ tokenId: mediaTokens.tokenId })
    .from(mediaTokens)
    .where(
      and(onContract(mediaTokens, chain.chainId, design.contractAddress), eq(mediaTokens.designId, design.designId)),
    );
  const tokenIds = tokens.map((token) => BigInt(token.tokenId));
  await oneAtATime(chain.chainId, () =>
    sendAsMinter(chain, account, (wallet) =>
      wallet.writeContract({
        address: contract,
        abi: cardAbi,
        functionName: 'freezeDesignURI',
        args: [designId, tokenIds],
      }),
    ),
  );
  await recordDesignFrozen(db, { chainId: chain.chainId, contract, designId }, design.uriOnChain ?? '', new Date());
}
