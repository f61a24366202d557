/**
 * Illegal-content reports: validated, linked to the reported card when it is known, limited per person,
 * stored open for the admins.
 *
 * @see docs/product-spec.md §3 "Illegal report", §7 POST /api/v1/illegal_report, §8
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { chainIdParam } from '~/features/chains/params';
import { ADDRESS_MESSAGE, ADDRESS_PATTERN } from '~/lib/addresses';
import { tooManyRequests } from '~/server/api/errors';
import { cards, illegalReports } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { hitRateLimit } from '~/server/rateLimit.server';
import { MAX_REPORT_DETAILS, REPORT_TYPES, type ReportType } from './reportTypes';

/** Reports one person (signed-in user, else IP address) may file per hour. */
export const REPORTS_PER_HOUR = 10;

const UINT256_MAX = 2n ** 256n - 1n;

/** A token id as the client may send it: decimal text, or a JSON number that is a safe integer. */
const tokenId = z
  .union([
    z
      .string()
      .trim()
      .regex(/^\d{1,78}$/, 'must be a decimal integer'),
    z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).transform(String),
  ])
  .transform((value) => BigInt(value))
  .refine((value) => value <= UINT256_MAX, 'must fit in uint256')
  .transform(String);

/**
 * Body of `POST /api/v1/illegal_report`: `token_id`, `type` (one of {@link REPORT_TYPES}), `details`
 * (1..{@link MAX_REPORT_DETAILS} characters after trimming), optionally `chain_id` and `contract_address`.
 */
export const illegalReportSchema = z.object({
  token_id: tokenId,
  type: z.enum(REPORT_TYPES, { error: `must be one of ${REPORT_TYPES.join(', ')}` }),
  details: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(MAX_REPORT_DETAILS, `must be at most ${MAX_REPORT_DETAILS} characters`)
    .refine((value) => !value.includes('\u0000'), 'must not contain NUL characters'),
  chain_id: chainIdParam.optional(),
  contract_address: z
    .string()
    .regex(ADDRESS_PATTERN, ADDRESS_MESSAGE)
    .transform((value) => value.toLowerCase())
    .optional(),
});

/** A report to store. */
export interface IllegalReportInput {
  /** Decimal uint256. */
  tokenId: string;
  type: ReportType;
  details: string;
  chainId: number;
  /** Lower-case; when absent, the card's own contract if exactly one card has this token id on the chain. */
  contractAddress?: string | undefined;
}

/** Who reports: the signed-in user, and the IP address that counts when nobody is signed in. */
export interface Reporter {
  userId: number | null;
  ip: string;
}

/** The rate-limit bucket of a reporter. */
export function reportLimitKey(reporter: Reporter): string {
  return reporter.userId !== null ? `illegal_report:user:${reporter.userId}` : `illegal_report:ip:${reporter.ip}`;
}

/**
 * Stores a report with status `open`, linked to the card it names when the card is known (one card with
 * this token id on the chain, of the given contract if any) and to the reporter when signed in.
 * @throws HttpError 429 (with Retry-After) past {@link REPORTS_PER_HOUR} reports in the current hour.
 * @see spec §7 POST /api/v1/illegal_report
 */
export async function fileIllegalReport(
  db: Database,
  input: IllegalReportInput,
  reporter: Reporter,
  now = new Date(),
): Promise<{ id: number }> {
  const limit = await hitRateLimit(db, reportLimitKey(reporter), REPORTS_PER_HOUR, 3600, now);
  if (!limit.allowed) throw tooManyRequests(limit.retryAfter, 'You have sent too many reports. Try again later.');

  const matches = await db
    .select({ id: cards.id, contractAddress: cards.contractAddress })
    .from(cards)
    .where(
      and(
        eq(cards.chainId, input.chainId),
        eq(cards.tokenId, input.tokenId),
        input.contractAddress ? eq(cards.contractAddress, input.contractAddress) : undefined,
      ),
    )
    .limit(2);
  const card = matches.length === 1 ? matches[0] : undefined;

  const [row] = await db
    .insert(illegalReports)
    .values({
      chainId: input.chainId,
      contractAddress: input.contractAddress ?? card?.contractAddress ?? null,
      tokenId: input.tokenId,
      cardId: card?.id ?? null,
      type: input.type,
      details: input.details,
      reporterUserId: reporter.userId,
      status: 'open',
    })
    .returning({ id: illegalReports.id });
  if (!row) throw new Error('the report was not stored');
  return { id: row.id };
}
