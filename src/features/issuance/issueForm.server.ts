/**
 * The form of `POST /api/v1/card_issue` (multipart/form-data): `image` (PNG, JPEG, WebP or GIF, at most
 * 2 MB, told by its bytes), `name` and `name_en`, `description` and `description_en`, `traits` (JSON: up to
 * ten `{type, value}`), `serials` (1..100), `category_id` (one of the illustrator's collections) and
 * `royalty_bps` (0..1000, i.e. at most 10 %).
 *
 * @see docs/product-spec.md §2 (/card_issue: Issue NFT, illustrators only)
 */
import { z } from 'zod';
import { HttpError, unprocessable } from '~/server/api/errors';
import { validate } from '~/server/api/parse';
import { MAX_ICON_BYTES, MULTIPART_OVERHEAD_BYTES, readMultipartForm } from '~/server/uploads.server';

/** Most serials one issue mints. */
export const MAX_SERIALS = 100;
/** Highest royalty an illustrator may set, in basis points (10 %). */
export const MAX_ROYALTY_BPS = 1_000;
/** Largest card image accepted (the same 2 MB as profile pictures). */
export const MAX_CARD_IMAGE_BYTES = MAX_ICON_BYTES;

/** Most traits one issue sets (besides the series and serial the platform writes). */
export const MAX_TRAITS = 10;
/** Trait types the platform writes itself. */
const RESERVED_TRAITS = new Set(['series', 'serial']);

/** The `traits` field: a JSON array of `{type, value}`, types unique and not the platform's own. */
const traitsField = z
  .string()
  .default('[]')
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'must be a JSON array of {type, value}' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(z.object({ type: z.string().trim().min(1).max(50), value: z.string().trim().min(1).max(100) }))
      .max(MAX_TRAITS)
      .refine((traits) => !traits.some((trait) => RESERVED_TRAITS.has(trait.type.toLowerCase())), {
        message: 'Series and Serial are set by the platform',
      })
      .refine((traits) => new Set(traits.map((trait) => trait.type.toLowerCase())).size === traits.length, {
        message: 'each trait type once',
      }),
  );

/** Zod schema of the text fields. */
export const issueFieldsSchema = z.object({
  name: z.string().trim().min(1, 'enter a name').max(100),
  name_en: z.string().trim().max(100).default(''),
  description: z.string().trim().max(2_000).default(''),
  description_en: z.string().trim().max(2_000).default(''),
  traits: traitsField,
  serials: z.coerce.number().int().min(1).max(MAX_SERIALS),
  category_id: z.coerce.number().int().positive(),
  royalty_bps: z.coerce.number().int().min(0).max(MAX_ROYALTY_BPS),
  /** `1`: the collection's royalty is guaranteed (the choice of its first card; later cards keep it). */
  royalty_guaranteed: z.enum(['0', '1']).optional(),
});

/** A read issue form. */
export type IssueForm = z.output<typeof issueFieldsSchema> & { image: Uint8Array };

/**
 * Reads and validates the form: 415 when not multipart, 413 past the size limit, 400 for a malformed body,
 * 422 for a missing or invalid field.
 */
export async function readIssueForm(request: Request): Promise<IssueForm> {
  return readCardForm(request, issueFieldsSchema);
}

/**
 * Reads a multipart form of text fields (validated by `schema`) and a card image (2 MB at most).
 * @throws HttpError 413 (too large), 422 (a field or the image missing or invalid)
 */
export async function readCardForm<S extends z.ZodType<Record<string, unknown>>>(
  request: Request,
  schema: S,
): Promise<z.output<S> & { image: Uint8Array }> {
  const form = await readMultipartForm(
    request,
    MAX_CARD_IMAGE_BYTES + MULTIPART_OVERHEAD_BYTES,
    'The image is larger than 2 MB',
  );
  const texts = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string'));
  const fields = validate(schema, texts);
  const image = form.get('image');
  if (!(image instanceof Blob) || image.size === 0) throw unprocessable('image: choose an image file');
  if (image.size > MAX_CARD_IMAGE_BYTES) throw new HttpError(413, 'The image is larger than 2 MB');
  return { ...fields, image: new Uint8Array(await image.arrayBuffer()) };
}
