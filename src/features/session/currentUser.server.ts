import { eq } from 'drizzle-orm';
import { admins, illustrators, users } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import type { SessionAdmin, SessionUser } from './types';
import { ILLUSTRATOR_ROLE } from './types';

/**
 * The signed-in user as `GET /api/v1/current_user` returns it. An illustrator (password session)
 * has role "illustrator"; a wallet sign-in is an ordinary user. A suspended user has no session.
 * @see docs/product-spec.md §3 (currentUser)
 */
export async function loadCurrentUser(
  db: Database,
  userId: number,
  illustratorId: number | null,
): Promise<SessionUser | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || user.suspended) return null;
  let illustrator: typeof illustrators.$inferSelect | undefined;
  if (illustratorId !== null)
    [illustrator] = await db.select().from(illustrators).where(eq(illustrators.id, illustratorId));
  return {
    id: user.id,
    walletAddress: user.walletAddress,
    role: illustrator ? ILLUSTRATOR_ROLE : 'user',
    userProfile: {
      name: user.profileName ?? illustrator?.name ?? null,
      // An illustrator's English name, for the English pages (a profile name is one name in any language).
      ...(!user.profileName && illustrator?.nameEn ? { nameEn: illustrator.nameEn } : {}),
      image: {
        icon: user.profileIcon ?? illustrator?.image ?? null,
        thumb: user.profileThumb ?? illustrator?.image ?? null,
      },
    },
  };
}

/** The signed-in admin as `GET /api/v1/admins/current_admin` returns it; a disabled admin has none. */
export async function loadCurrentAdmin(db: Database, adminId: number): Promise<SessionAdmin | null> {
  const [admin] = await db
    .select({ uid: admins.uid, disabled: admins.disabled })
    .from(admins)
    .where(eq(admins.id, adminId));
  return admin && !admin.disabled ? { uid: admin.uid } : null;
}
