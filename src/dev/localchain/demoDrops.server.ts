/**
 * With Stripe test keys configured, the demo shows card payments: on each local chain the demo illustrator's
 * first collection gets one design on sale for yen (¥1,500, 10 serials, for 30 days), issued on chain by the
 * platform minter like any drop. Runs once: a chain that has a drop already gets none.
 *
 * @see ../../features/payments/drops.server.ts
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Chain } from '~/features/chains/chains';
import { metadataOptionsFor } from '~/features/issuance/cardMetadata.server';
import { mediaSettings } from '~/features/media/mediaSettings.server';
import { createDrop } from '~/features/payments/drops.server';
import { cardDrops, categories, illustrators, users } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { serverSettings } from '~/server/settings/settings.server';
import { DEMO_ILLUSTRATOR } from '../seed/accounts';

/** Puts the demo drop on sale on `chain` unless it has one; resolves with whether it did. */
export async function seedDemoDrop(db: Database, chain: Chain): Promise<boolean> {
  const [existing] = await db
    .select({ id: cardDrops.id })
    .from(cardDrops)
    .where(eq(cardDrops.chainId, chain.chainId))
    .limit(1);
  if (existing) return false;
  const [owner] = await db
    .select({ illustratorId: illustrators.id, walletAddress: users.walletAddress })
    .from(illustrators)
    .innerJoin(users, eq(users.id, illustrators.userId))
    .where(eq(illustrators.uid, DEMO_ILLUSTRATOR.uid));
  if (!owner) return false;
  const [collection] = await db
    .select({ id: categories.id, image: categories.image })
    .from(categories)
    .where(and(eq(categories.chainId, chain.chainId), eq(categories.creatorId, owner.illustratorId)))
    .orderBy(asc(categories.id))
    .limit(1);
  if (!collection) return false;
  const now = Date.now();
  await createDrop(
    db,
    owner,
    {
      name: '夜桜（カード決済限定）',
      description: 'クレジットカードで購入できるデモのカードです。 A demo card you can buy by card.',
      category_id: collection.id,
      royalty_bps: 500,
      price_jpy: 1_500,
      serials: 10,
      starts_at: new Date(now - 60_000),
      ends_at: new Date(now + 30 * 86_400_000),
    },
    collection.image ?? '/images/cards/card-01.svg',
    {
      chains: [chain],
      settings: { CHAIN_ENV: 'local', MINTER_PRIVATE_KEY: undefined },
      metadata: metadataOptionsFor(db, mediaSettings(serverSettings())),
    },
  );
  return true;
}
