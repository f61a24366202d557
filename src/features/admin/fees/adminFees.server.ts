/**
 * The platform fee per chain in the back office: what each configured chain charges (its
 * `platform_fees` row, else the default) and setting it, bounded to {@link MAX_PLATFORM_FEE_BPS} and
 * audited in the same transaction.
 *
 * There is nothing to change on chain: the exchange is Seaport 1.6, which has no fee setting of its own.
 * The fee is a consideration item of each order the seller signs, so a new fee applies to listings
 * signed from now on, and listings signed before keep the fee they were signed with.
 *
 * @see docs/product-spec.md §2 (/admins/platform-fee)
 * @see https://github.com/ProjectOpenSea/seaport (consideration items)
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { chainIdParam } from '~/features/chains/params';
import { DEFAULT_PLATFORM_FEE_BPS } from '~/features/trading/terms/platformFee.server';
import { toIsoOrNull } from '~/lib/rowValues';
import { unprocessable } from '~/server/api/errors';
import { platformFees } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { writeAudit } from '../shell/auditLog.server';
import type { AdminFees } from '../shell/types';
import { chainSettingRows } from './chainSettingRows.server';
import { formatBps, MAX_PLATFORM_FEE_BPS } from './feeBps';

/** A chain the server runs, as the fee screen names it. */
export interface FeeChain {
  chainId: number;
  chainName: string;
}

/** Body of `PUT /api/v1/admins/platform_fee`. */
export const feeUpdateSchema = z.strictObject({
  chain_id: chainIdParam,
  fee_bps: z
    .number()
    .int('must be a whole number of basis points')
    .min(0, 'must not be negative')
    .max(MAX_PLATFORM_FEE_BPS, `must be at most ${MAX_PLATFORM_FEE_BPS} (${formatBps(MAX_PLATFORM_FEE_BPS)})`),
});

/** The fee of every chain in `chains`, in their order. */
export async function listFees(db: Database, chains: readonly FeeChain[]): Promise<AdminFees> {
  const ids = chains.map((chain) => chain.chainId);
  const rows = await chainSettingRows(db, platformFees, ids);
  const byChain = new Map(rows.map(({ setting, updatedBy }) => [setting.chainId, { ...setting, updatedBy }]));
  return {
    maxBps: MAX_PLATFORM_FEE_BPS,
    defaultBps: DEFAULT_PLATFORM_FEE_BPS,
    items: chains.map((chain) => {
      const row = byChain.get(chain.chainId);
      return {
        chainId: chain.chainId,
        chainName: chain.chainName,
        feeBps: row?.feeBps ?? DEFAULT_PLATFORM_FEE_BPS,
        isDefault: row === undefined,
        updatedBy: row?.updatedBy ?? null,
        updatedAt: toIsoOrNull(row?.updatedAt),
      };
    }),
  };
}

/**
 * Sets the fee of one chain (`platform_fee.update` audited with the old and new value); 422 for a chain
 * this server does not run. Returns every chain's fee.
 */
export async function setFee(
  db: Database,
  adminId: number,
  input: z.output<typeof feeUpdateSchema>,
  chains: readonly FeeChain[],
): Promise<AdminFees> {
  if (!chains.some((chain) => chain.chainId === input.chain_id))
    throw unprocessable(`chain_id: must be one of ${chains.map((chain) => chain.chainId).join(', ')}`);
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ feeBps: platformFees.feeBps })
      .from(platformFees)
      .where(eq(platformFees.chainId, input.chain_id))
      .for('update');
    await tx
      .insert(platformFees)
      .values({ chainId: input.chain_id, feeBps: input.fee_bps, updatedBy: adminId })
      .onConflictDoUpdate({
        target: platformFees.chainId,
        set: { feeBps: input.fee_bps, updatedBy: adminId, updatedAt: new Date() },
      });
    await writeAudit(tx, {
      adminId,
      action: 'platform_fee.update',
      targetType: 'platform_fee',
      targetId: input.chain_id,
      data: { from: before?.feeBps ?? null, to: input.fee_bps, onChain: false },
    });
  });
  return listFees(db, chains);
}
