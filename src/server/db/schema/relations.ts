/**
 * Relations between the tables, for drizzle's relational queries (`db.query.cards.findMany({ with: ... })`).
 * They add no SQL: the foreign keys are in the table files.
 */
import { relations } from 'drizzle-orm';
import { admins, illustrators, users } from './accounts.ts';
import { refreshTokens, sessions } from './auth.ts';
import { cards, categories } from './catalog.ts';
import { payouts, revenues } from './finance.ts';
import { fillBookings } from './ledger.ts';
import { illegalReports } from './moderation.ts';
import { sales, sellOrders } from './trading.ts';

/** A user has at most one illustrator profile and any number of sessions. */
export const usersRelations = relations(users, ({ one, many }) => ({
  // No fields here: the key is on illustrators, and this side may have none (nullable in results).
  illustrator: one(illustrators),
  sessions: many(sessions),
}));

/** An illustrator belongs to a user and owns categories, cards, revenues and payouts. */
export const illustratorsRelations = relations(illustrators, ({ one, many }) => ({
  user: one(users, { fields: [illustrators.userId], references: [users.id] }),
  categories: many(categories),
  cards: many(cards),
  revenues: many(revenues),
  payouts: many(payouts),
}));

/** An admin has sessions. */
export const adminsRelations = relations(admins, ({ many }) => ({
  sessions: many(sessions),
}));

/** A session names its user, illustrator or admin and holds its refresh tokens. */
export const sessionsRelations = relations(sessions, ({ one, many }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
  illustrator: one(illustrators, { fields: [sessions.illustratorId], references: [illustrators.id] }),
  admin: one(admins, { fields: [sessions.adminId], references: [admins.id] }),
  refreshTokens: many(refreshTokens),
}));

/** A refresh token belongs to its session (family). */
export const refreshTokensRelations = relations(refreshTokens, ({ one }) => ({
  session: one(sessions, { fields: [refreshTokens.sessionId], references: [sessions.id] }),
}));

/** A category has a creator and cards. */
export const categoriesRelations = relations(categories, ({ one, many }) => ({
  creator: one(illustrators, { fields: [categories.creatorId], references: [illustrators.id] }),
  cards: many(cards),
}));

/** A card belongs to a category and a creator and has sell orders, sales and reports. */
export const cardsRelations = relations(cards, ({ one, many }) => ({
  category: one(categories, { fields: [cards.categoryId], references: [categories.id] }),
  creator: one(illustrators, { fields: [cards.creatorId], references: [illustrators.id] }),
  sellOrders: many(sellOrders),
  sales: many(sales),
  illegalReports: many(illegalReports),
}));

/** A sell order is for a card and may end in sales. */
export const sellOrdersRelations = relations(sellOrders, ({ one, many }) => ({
  card: one(cards, { fields: [sellOrders.cardId], references: [cards.id] }),
  sales: many(sales),
}));

/** A sale fills an order for a card. */
export const salesRelations = relations(sales, ({ one }) => ({
  order: one(sellOrders, { fields: [sales.orderId], references: [sellOrders.id] }),
  card: one(cards, { fields: [sales.cardId], references: [cards.id] }),
}));

/** A revenue is an illustrator's share of a fill the ledger booked, or of a card payment. */
export const revenuesRelations = relations(revenues, ({ one }) => ({
  illustrator: one(illustrators, { fields: [revenues.illustratorId], references: [illustrators.id] }),
  fill: one(fillBookings, { fields: [revenues.fillId], references: [fillBookings.id] }),
}));

/** A payout is an illustrator's, reviewed by an admin. */
export const payoutsRelations = relations(payouts, ({ one }) => ({
  illustrator: one(illustrators, { fields: [payouts.illustratorId], references: [illustrators.id] }),
  reviewer: one(admins, { fields: [payouts.reviewedBy], references: [admins.id] }),
}));

/** A report may point at a known card. */
export const illegalReportsRelations = relations(illegalReports, ({ one }) => ({
  card: one(cards, { fields: [illegalReports.cardId], references: [cards.id] }),
}));
