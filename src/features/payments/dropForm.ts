/**
 * What an illustrator sends to put a card design on sale for yen (`POST /api/v1/dashboard/drops`, multipart
 * with the image): the collection, name and description, royalty, price in yen (¥100 to ¥1,000,000, whole
 * yen: JPY has no minor unit), number of serials (1 to 1,000) and the sale window (up to 180 days).
 */
import { z } from 'zod';

/** Longest sale window. */
export const MAX_DROP_DAYS = 180;

const instant = z
  .string()
  .trim()
  .refine((value) => !Number.isNaN(Date.parse(value)), 'must be a date and time')
  .transform((value) => new Date(value));

/** Zod schema of the drop form's text fields. */
export const dropFieldsSchema = z
  .object({
    name: z.string().trim().min(1, 'enter a name').max(100),
    description: z.string().trim().max(2_000).default(''),
    category_id: z.coerce.number().int().positive(),
    royalty_bps: z.coerce.number().int().min(0).max(1_000),
    price_jpy: z.coerce.number().int('whole yen').min(100, 'at least ¥100').max(1_000_000, 'at most ¥1,000,000'),
    serials: z.coerce.number().int().min(1).max(1_000),
    starts_at: instant,
    ends_at: instant,
  })
  .refine((form) => form.ends_at > form.starts_at, { message: 'must be after starts_at', path: ['ends_at'] })
  .refine((form) => form.ends_at.getTime() - form.starts_at.getTime() <= MAX_DROP_DAYS * 86_400_000, {
    message: `a sale lasts at most ${MAX_DROP_DAYS} days`,
    path: ['ends_at'],
  });

/** A read drop form (without its image). */
export type DropFields = z.output<typeof dropFieldsSchema>;
