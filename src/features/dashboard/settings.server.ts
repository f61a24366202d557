/**
 * An illustrator's account settings on the dashboard: display names (Japanese, English) and the wallet
 * payouts are sent to (empty = the wallet linked to the account).
 *
 * @see docs/product-spec.md §2 (/dashboard/settings)
 */
import { eq } from 'drizzle-orm';
import { isAddress } from 'viem';
import { z } from 'zod';
import { notFound } from '~/server/api/errors';
import { illustrators, users } from '~/server/db/schema';
import type { Database } from '~/server/db/types';

/** Longest illustrator name, in characters. */
export const MAX_ILLUSTRATOR_NAME = 60;

/** The settings as the dashboard shows them. */
export interface DashboardSettings {
  uid: string;
  name: string;
  nameEn: string | null;
  /** Where payouts go when set (lower-case). */
  payoutWalletAddress: string | null;
  /** The wallet linked to the account (the payout wallet when none is set). */
  walletAddress: string;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

const nameField = (required: boolean) =>
  z
    .string()
    .trim()
    .min(required ? 1 : 0, 'must not be empty')
    .refine((value) => [...value].length <= MAX_ILLUSTRATOR_NAME, `must be at most ${MAX_ILLUSTRATOR_NAME} characters`)
    .refine((value) => !CONTROL.test(value), 'must not contain control characters');

/**
 * Body of `PUT /api/v1/dashboard/settings`: `name` required; `name_en` and `payout_wallet_address`
 * may be null, empty or left out (= none). The address must be valid with a correct EIP-55 checksum
 * when it is written in mixed case.
 */
export const settingsUpdateSchema = z.object({
  name: nameField(true),
  name_en: nameField(false)
    .nullish()
    .transform((value) => value || null),
  payout_wallet_address: z
    .string()
    .trim()
    .nullish()
    .refine((value) => !value || isAddress(value), 'must be a valid address (check its letters)')
    .transform((value) => (value ? value.toLowerCase() : null)),
  /** Needed when the payout wallet changes. */
  current_password: z.string().max(256).optional(),
});

/** The settings of illustrator `illustratorId`. */
export async function getSettings(db: Database, illustratorId: number): Promise<DashboardSettings> {
  const [row] = await db
    .select({
      uid: illustrators.uid,
      name: illustrators.name,
      nameEn: illustrators.nameEn,
      payoutWalletAddress: illustrators.payoutWalletAddress,
      walletAddress: users.walletAddress,
    })
    .from(illustrators)
    .innerJoin(users, eq(users.id, illustrators.userId))
    .where(eq(illustrators.id, illustratorId));
  if (!row) throw notFound('No such illustrator');
  return row;
}

/**
 * Replaces the settings of illustrator `illustratorId` with `update` (validated by the schema). A change
 * of the payout wallet first asks for the current password again (`confirmPassword`), as money follows it.
 */
export async function updateSettings(
  db: Database,
  illustratorId: number,
  update: z.output<typeof settingsUpdateSchema>,
  confirmPassword: (password: string | undefined) => Promise<void>,
): Promise<DashboardSettings> {
  const current = await getSettings(db, illustratorId);
  if (current.payoutWalletAddress !== update.payout_wallet_address) await confirmPassword(update.current_password);
  const changed = await db
    .update(illustrators)
    .set({ name: update.name, nameEn: update.name_en, payoutWalletAddress: update.payout_wallet_address })
    .where(eq(illustrators.id, illustratorId))
    .returning({ id: illustrators.id });
  if (changed.length === 0) throw notFound('No such illustrator');
  return getSettings(db, illustratorId);
}
