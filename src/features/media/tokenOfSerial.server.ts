/**
 * The token a design's serial became, for the `external_url` of its metadata (written before the mint, so it names
 * the design and serial): one lookup by the unique (chain, contract, design, serial) index.
 */
import { and, eq } from 'drizzle-orm';
import { onContract } from '~/server/db/onChainConditions';
import { mediaTokens } from '~/server/db/schema';
import type { Database } from '~/server/db/types';

/** The token id of the serial, or null when it is not minted (or not known here). */
export async function tokenOfSerial(
  db: Database,
  serial: { chainId: number; contract: string; designId: string; serial: number },
): Promise<string | null> {
  const [row] = await db
    .select({ tokenId: mediaTokens.tokenId })
    .from(mediaTokens)
    .where(
      and(
        onContract(mediaTokens, serial.chainId, serial.contract.toLowerCase()),
        eq(mediaTokens.designId, serial.designId),
        eq(mediaTokens.serial, serial.serial),
      ),
    );
  return row?.tokenId ?? null;
}
