/**
 * An illustrator's yearly statements: the years they have entries in, and one JST year's statement (its lines,
 * its summary, the rates used, who it is for and who issues it). A year that is not a plausible year is 422; a year
 * with nothing in the ledger for them is 404 (there is no statement to give).
 *
 * @see ./statement.ts, ../../../../docs/tax.md
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { notFound, unprocessable } from '~/server/api/errors';
import { illustrators } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { jstYearRange } from './jstCalendar';
import type { PayoutLine, RevenueLine } from './ledgerLines';
import { rateHistory } from './rateHistory.server';
import { type StatementSummary, summariseStatement } from './statement';
import { payoutLines, revenueLines, statementYears } from './statementLines.server';
import { getTaxProfile, type TaxProfile } from './taxProfile.server';
import { readTaxSettings } from './taxSettings.server';
import type { RateHistory } from './yenAt';

/** The first year the site kept money in. */
export const FIRST_STATEMENT_YEAR = 2020;

/** `{year}` of a statement's path: four digits, from {@link FIRST_STATEMENT_YEAR} to this year. */
export function statementYear(value: string | undefined, now = new Date()): number {
  const year = Number(value);
  const thisYear = Number(new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 4));
  if (!/^\d{4}$/.test(value ?? '') || year < FIRST_STATEMENT_YEAR || year > thisYear)
    throw unprocessable(`year: must be a year from ${FIRST_STATEMENT_YEAR} to ${thisYear}`);
  return year;
}

/** Query of the statement downloads: the paper's language (default the page's). */
export const statementQuerySchema = z.object({ lang: z.enum(['ja', 'en']).optional() });

/** A statement with everything its papers print. */
export interface Statement {
  year: number;
  illustrator: { id: number; uid: string; name: string };
  profile: TaxProfile;
  issuer: { name: string; invoiceNumber: string | null };
  revenues: RevenueLine[];
  payouts: PayoutLine[];
  history: RateHistory;
  summary: StatementSummary;
}

/** The years illustrator `illustratorId` has a statement for, newest first. */
export function listStatements(db: Database, illustratorId: number): Promise<number[]> {
  return statementYears(db, illustratorId);
}

/** Illustrator `illustratorId`'s statement of JST year `year`; 404 when the ledger has nothing of theirs then. */
export async function getStatement(db: Database, illustratorId: number, year: number): Promise<Statement> {
  const { from, to } = jstYearRange(year);
  const [revenues, payouts] = await Promise.all([
    revenueLines(db, illustratorId, from, to),
    payoutLines(db, illustratorId, from, to),
  ]);
  if (revenues.length === 0 && payouts.length === 0) throw notFound(`No statement for ${year}: nothing in the ledger`);
  const history = await rateHistory(db, from, to);
  const [row] = await db
    .select({ id: illustrators.id, uid: illustrators.uid, name: illustrators.name })
    .from(illustrators)
    .where(eq(illustrators.id, illustratorId));
  if (!row) throw notFound('No such illustrator');
  const settings = await readTaxSettings(db);
  return {
    year,
    illustrator: row,
    profile: await getTaxProfile(db, illustratorId),
    issuer: { name: settings.issuerName || 'Kirafuda', invoiceNumber: settings.invoiceNumber },
    revenues,
    payouts,
    history,
    summary: summariseStatement(year, revenues, payouts, history),
  };
}
