/**
 * Profiles: the signed-in user's own profile (name and icon, edited on /profiles/edit), and any wallet's
 * public page (/user/{address}): who it is and the cards it owns or lists.
 *
 * @see docs/product-spec.md §2 (/profile, /profiles/edit, /user/{address}), §3 (userProfile)
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { CARD_SORTS } from '~/features/catalogue/cards/cardFilters';
import { listCards } from '~/features/catalogue/cards/cards.server';
import type { CardSummary } from '~/features/catalogue/types';
import { chainIdParam } from '~/features/chains/params';
import { type Page, pageQuerySchema } from '~/lib/pagination';
import { notFound, tooManyRequests } from '~/server/api/errors';
import { users } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { hitRateLimit } from '~/server/rateLimit.server';
import { deleteMedia, storeIcon } from '~/server/uploads.server';

/** Longest profile name, in characters (code points). */
export const MAX_PROFILE_NAME = 40;

/** The signed-in user's profile. */
export interface Profile {
  id: number;
  walletAddress: string;
  /** The name the user chose, or null. */
  name: string | null;
  image: { icon: string | null; thumb: string | null };
}

/** A wallet as shown on its public page. */
export interface PublicUser {
  walletAddress: string;
  name: string | null;
  image: { icon: string | null; thumb: string | null };
  /** Whether the wallet belongs to an illustrator (link to /creator/{address}). */
  isCreator: boolean;
}

/** Body of `PUT /api/v1/profile`: a name of 1 to 40 characters, trimmed, without control characters. */
export const profileUpdateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .refine((value) => [...value].length <= MAX_PROFILE_NAME, `must be at most ${MAX_PROFILE_NAME} characters`)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), 'must not contain control characters'),
});

type UserRow = typeof users.$inferSelect;

function toProfile(user: UserRow): Profile {
  return {
    id: user.id,
    walletAddress: user.walletAddress,
    name: user.profileName,
    image: { icon: user.profileIcon, thumb: user.profileThumb },
  };
}

async function userRow(db: Database, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('No such user');
  return user;
}

/** The profile of user `userId` (404 if the row is gone). */
export async function getProfile(db: Database, userId: number): Promise<Profile> {
  return toProfile(await userRow(db, userId));
}

/** Sets the profile name (already validated by {@link profileUpdateSchema}). */
export async function updateProfileName(db: Database, userId: number, name: string): Promise<Profile> {
  const [user] = await db.update(users).set({ profileName: name }).where(eq(users.id, userId)).returning();
  if (!user) throw notFound('No such user');
  return toProfile(user);
}

/** Icon uploads allowed per user in one hour (each one costs an image decode and two encodes). */
export const ICON_UPLOADS_PER_HOUR = 20;

/** Refuses (429 with Retry-After) a user who uploaded {@link ICON_UPLOADS_PER_HOUR} icons this hour. */
export async function limitIconUploads(db: Database, userId: number): Promise<void> {
  const limit = await hitRateLimit(db, `icon-upload:${userId}`, ICON_UPLOADS_PER_HOUR, 3600);
  if (!limit.allowed) throw tooManyRequests(limit.retryAfter, 'Too many uploads. Try again later.');
}

/**
 * Replaces the profile icon with `bytes` (checked and resized by {@link storeIcon}), then deletes the
 * old icon files once the row points at the new ones. The row is locked while it changes, so two
 * uploads at once each delete the files of the one before them and none are left behind.
 */
export async function replaceProfileIcon(db: Database, userId: number, bytes: Uint8Array): Promise<Profile> {
  const stored = await storeIcon(bytes);
  try {
    const { before, after } = await db.transaction(async (tx) => {
      const [old] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!old) throw notFound('No such user');
      const [user] = await tx
        .update(users)
        .set({ profileIcon: stored.icon, profileThumb: stored.thumb })
        .where(eq(users.id, userId))
        .returning();
      if (!user) throw notFound('No such user');
      return { before: old, after: user };
    });
    await Promise.all([deleteMedia(before.profileIcon), deleteMedia(before.profileThumb)]);
    return toProfile(after);
  } catch (error) {
    await Promise.all([deleteMedia(stored.icon), deleteMedia(stored.thumb)]);
    throw error;
  }
}

/** Tabs of a user's page: cards owned, only those listed for sale, or the cards the user favours. */
export const USER_ITEM_TABS = ['owned', 'listed', 'favorites'] as const;

/** Query of `GET /api/v1/users/{wallet_address}/items`. */
export const userItemsQuerySchema = pageQuerySchema.extend({
  tab: z.enum(USER_ITEM_TABS).default('owned'),
  chain_id: chainIdParam.optional(),
  sort: z.enum(CARD_SORTS).default('newest'),
});

/** A wallet's public page: who it is (null when it never signed in) and one page of its cards. */
export interface UserItems extends Page<CardSummary> {
  user: PublicUser | null;
}

/** The cards `walletAddress` (lower-case) owns (`owned`) or has listed (`listed`), with the wallet's profile. */
export async function listUserItems(
  db: Database,
  walletAddress: string,
  query: z.output<typeof userItemsQuerySchema>,
): Promise<UserItems> {
  const [user] = await db.query.users.findMany({
    where: eq(users.walletAddress, walletAddress),
    with: { illustrator: { columns: { id: true } } },
    limit: 1,
  });
  const page = await listCards(db, {
    page: query.page,
    perPage: query.per_page,
    ...(query.tab === 'favorites' ? { favoritedBy: walletAddress } : { owner: walletAddress }),
    chainId: query.chain_id,
    status: query.tab === 'listed' ? 'listed' : 'all',
    sort: query.sort,
  });
  const publicUser: PublicUser | null =
    user && !user.suspended
      ? {
          walletAddress: user.walletAddress,
          name: user.profileName,
          image: { icon: user.profileIcon, thumb: user.profileThumb },
          isCreator: user.illustrator !== null && user.illustrator !== undefined,
        }
      : null;
  return { user: publicUser, ...page };
}
