/**
 * The query of the event feed (`GET /api/v1/events`) and of its live stream, as the routes parse it and the
 * OpenAPI document describes it: `after` (an event id, `evt_0` for the start), `types` (comma-separated event
 * types), `collection` (a collection id or contract address), `limit` (1–100, default 100).
 */
import { z } from 'zod';
import { MARKET_EVENT_TYPES, type MarketEventType } from '~/server/db/schema/developers';
import { eventSeq } from './eventIds';

/** Events per page at most. */
export const MAX_FEED_PAGE = 100;

/** An event id as a parameter (`evt_12`). */
export const eventIdParam = z
  .string()
  .refine((text) => eventSeq(text) !== undefined, 'Not an event id of this feed (evt_ and a number)')
  .meta({ description: 'An event id (`evt_12`); `evt_0` is before the first event.', example: 'evt_12' });

/** A comma-separated list of event types. */
export const eventTypesParam = z
  .string()
  .transform((text, ctx) => {
    const types = [
      ...new Set(
        text
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
    ];
    const unknown = types.filter((type) => !(MARKET_EVENT_TYPES as readonly string[]).includes(type));
    if (unknown.length > 0) {
      ctx.addIssue({ code: 'custom', message: `Unknown event type: ${unknown.join(', ')}` });
      return z.NEVER;
    }
    return types as MarketEventType[];
  })
  .meta({
    description: `Comma-separated event types: ${MARKET_EVENT_TYPES.join(', ')}.`,
    example: 'sale,listing.created',
  });

/** A collection: its id or its contract address. */
export const collectionParam = z
  .string()
  .regex(/^(\d{1,15}|0x[0-9a-fA-F]{40})$/, 'A collection id or a contract address')
  .meta({
    description: 'A collection id, or its contract address.',
    example: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
  });

/** The feed's query. */
export const feedQuerySchema = z.object({
  after: eventIdParam.optional(),
  types: eventTypesParam.optional(),
  collection: collectionParam.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_FEED_PAGE).optional(),
});

/** The live stream's query (where to start comes from `Last-Event-ID` or `after`). */
export const feedStreamQuerySchema = feedQuerySchema.omit({ limit: true });
