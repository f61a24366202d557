/**
 * Moderation and back-office records: illegal-content reports, contact messages and the admin audit log.
 *
 * @see docs/product-spec.md §3 (illegal report), §7 (POST /api/v1/illegal_report), §2 (/contact)
 */
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { admins, users } from './accounts.ts';
import { cards } from './catalog.ts';
import { addressCheck, chainId, id, oneOf, ref, timestamptz, uint256 } from './columns.ts';

/** Values of `illegal_reports.status`. */
export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
/** An illegal report's status. */
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** Values of `contact_messages.status`. */
export const CONTACT_STATUSES = ['open', 'handled'] as const;
/** A contact message's status. */
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** A report that a token shows illegal content (spec payload: token_id, type, details). */
export const illegalReports = pgTable(
  'illegal_reports',
  {
    id: id(),
    chainId: chainId(),
    contractAddress: text('contract_address'),
    tokenId: uint256('token_id').notNull(),
    cardId: ref('card_id').references(() => cards.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    details: text('details').notNull().default(''),
    reporterUserId: ref('reporter_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    resolvedBy: ref('resolved_by').references(() => admins.id, { onDelete: 'set null' }),
    resolvedAt: timestamptz('resolved_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    oneOf('illegal_reports_status_valid', t.status, REPORT_STATUSES),
    addressCheck('illegal_reports_contract_address_format', t.contractAddress),
    check('illegal_reports_token_id_not_negative', sql`${t.tokenId} >= 0`),
    index('illegal_reports_status_idx').on(t.status, t.createdAt),
    index('illegal_reports_card_id_idx').on(t.cardId),
  ],
);

/** A message sent through the contact page. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    locale: text('locale'),
    userId: ref('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: CONTACT_STATUSES }).notNull().default('open'),
    handledAt: timestamptz('handled_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    oneOf('contact_messages_status_valid', t.status, CONTACT_STATUSES),
    index('contact_messages_status_idx').on(t.status, t.createdAt),
  ],
);

/** What an admin did: action name, target (type and id as text) and any details; append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    adminId: ref('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [index('audit_log_at_idx').on(t.at), index('audit_log_admin_id_idx').on(t.adminId, t.at)],
);
