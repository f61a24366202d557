/**
 * The platform fee of a chain (basis points added to each Seaport listing as a consideration item),
 * public so the sell form can show what the seller receives.
 *
 * @see docs/product-spec.md §2 (/admins/platform-fee), §9 ("Fees ... not shown")
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { chainIdParam } from '~/features/chains/params';
import { platformFees } from '~/server/db/schema/index';
import type { Database } from '~/server/db/types';

/**
 * Fee of a chain no admin has set yet: 2.5 %, a common marketplace fee (the spec gives no value).
 * A chain's row in `platform_fees` always wins.
 */
export const DEFAULT_PLATFORM_FEE_BPS = 250;

/** Query of `GET /api/v1/platform_fee`: `chain_id` is required. */
export const platformFeeQuerySchema = z.object({ chain_id: chainIdParam });

/** The platform fee of one chain. */
export interface PlatformFee {
  chainId: number;
  /** Basis points: 250 = 2.5 %. */
  feeBps: number;
}

/** The fee of `chainId`: its row in `platform_fees`, else {@link DEFAULT_PLATFORM_FEE_BPS}. */
export async function getPlatformFee(db: Database, chainId: number): Promise<PlatformFee> {
  const [row] = await db
    .select({ feeBps: platformFees.feeBps })
    .from(platformFees)
    .where(eq(platformFees.chainId, chainId));
  return { chainId, feeBps: row?.feeBps ?? DEFAULT_PLATFORM_FEE_BPS };
}
