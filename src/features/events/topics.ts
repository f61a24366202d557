/**
 * The topics a live page may follow (`GET /api/v1/changes?topics=card:12,cards`): the cache tags of
 * ./tags.ts, at most {@link MAX_TOPICS} of them, each in its exact form.
 */
import { z } from 'zod';

/** Most topics one stream follows. */
export const MAX_TOPICS = 20;

const TOPIC =
  /^(card:[1-9]\d{0,11}|collection:[1-9]\d{0,11}|creator:[1-9]\d{0,11}|user:0x[0-9a-f]{40}|market|rankings|home|cards)$/;

/** `topics`: comma-separated tags; addresses are lowered here. */
export const topicsSchema = z
  .string({ error: 'topics is required (comma-separated, e.g. card:12,cards)' })
  .transform((value) => [
    ...new Set(
      value
        .split(',')
        .map((part) => part.trim().toLowerCase())
        .filter(Boolean),
    ),
  ])
  .pipe(
    z
      .array(
        z
          .string()
          .regex(
            TOPIC,
            'unknown topic (card:{id}, collection:{id}, creator:{id}, user:{address}, market, rankings, home, cards)',
          ),
      )
      .min(1, 'topics is required (comma-separated, e.g. card:12,cards)')
      .max(MAX_TOPICS, `at most ${MAX_TOPICS} topics`),
  );
