/**
 * Card payments' settings in the back office: what the platform keeps of each card payment (its own fee and
 * the provider's, in basis points, each at most 50 %) and how many days a delivered payment's payable yen waits
 * before an illustrator can request it (0..120, default 14: chargebacks land first). One row (id 1), audited.
 * The ledger reads them (../../ledger/cardPayments.server.ts); a fee change applies to deliveries from then on,
 * a hold change to every balance at once.
 *
 * @see https://docs.stripe.com/disputes/how-disputes-work (when chargebacks arrive)
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { type CardPaymentSettings, cardPaymentSettings } from '~/features/ledger/cardPayments.server';
import { cardPaymentFees } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { writeAudit } from '../shell/auditLog.server';

/** Body of `PUT /api/v1/admins/card_payment_settings`. */
export const cardPaymentSettingsSchema = z.strictObject({
  platform_fee_bps: z.number().int().min(0).max(5000),
  provider_fee_bps: z.number().int().min(0).max(5000),
  payable_hold_days: z.number().int().min(0).max(120),
});

/** The settings in force. */
export function readCardPaymentSettings(db: Database): Promise<CardPaymentSettings> {
  return cardPaymentSettings(db);
}

/** Sets them (`card_payment_settings.update` audited with the old and new values); answers the new ones. */
export async function setCardPaymentSettings(
  db: Database,
  adminId: number,
  input: z.output<typeof cardPaymentSettingsSchema>,
): Promise<CardPaymentSettings> {
  const next = {
    platformFeeBps: input.platform_fee_bps,
    providerFeeBps: input.provider_fee_bps,
    payableHoldDays: input.payable_hold_days,
  };
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(cardPaymentFees).where(eq(cardPaymentFees.id, 1)).for('update');
    await tx
      .insert(cardPaymentFees)
      .values({ id: 1, ...next, updatedBy: adminId })
      .onConflictDoUpdate({ target: cardPaymentFees.id, set: { ...next, updatedBy: adminId, updatedAt: new Date() } });
    await writeAudit(tx, {
      adminId,
      action: 'card_payment_settings.update',
      targetType: 'card_payment_settings',
      targetId: 1,
      data: {
        from: before
          ? {
              platformFeeBps: before.platformFeeBps,
              providerFeeBps: before.providerFeeBps,
              payableHoldDays: before.payableHoldDays,
            }
          : null,
        to: next,
      },
    });
  });
  return cardPaymentSettings(db);
}
