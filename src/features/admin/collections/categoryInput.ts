/**
 * What the project (category) form may send: a chain id, the NFT contract address (EIP-55 checksum
 * checked when the letters are mixed case), names and descriptions in both languages, the creator and
 * whether the project is hidden. Pure, so the form checks the address with the same rule as the API.
 * Whether the chain is one the server supports is checked by the server, which knows its chains.
 *
 * @see docs/product-spec.md §2 (/admins/categories/new, /admins/categories/{address}/edit)
 * @see https://eips.ethereum.org/EIPS/eip-55
 */
import { getAddress } from 'viem';
import { z } from 'zod';
import { chainIdParam } from '~/features/chains/params';
import { ADDRESS_PATTERN } from '~/lib/addresses';

/**
 * Why `value` is not a usable contract address, or null when it is. All-lower and all-upper case
 * carry no checksum and pass; mixed case must be the EIP-55 form; the zero address never passes.
 */
export function contractAddressProblem(value: string): string | null {
  if (!ADDRESS_PATTERN.test(value)) return 'must be 0x followed by 40 hex digits';
  const digits = value.slice(2);
  const unchecked = digits === digits.toLowerCase() || digits === digits.toUpperCase();
  if (!unchecked && getAddress(value) !== value) return 'has a wrong EIP-55 checksum';
  if (/^0x0{40}$/.test(value)) return 'must not be the zero address';
  return null;
}

/** A contract address as the form sends it, stored lower-case. */
export const contractAddressSchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const problem = contractAddressProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => value.toLowerCase());

/** Optional text: trimmed, at most `max` characters; blank or null means none. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value));

const fields = {
  chain_id: chainIdParam,
  contract_address: contractAddressSchema,
  name: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
  name_en: optionalText(100),
  description: optionalText(2000),
  description_en: optionalText(2000),
  creator_id: z.number().int().positive().nullable().optional(),
  hidden: z.boolean().optional(),
};

/** Body of `POST /api/v1/admins/categories`. */
export const categoryCreateSchema = z.strictObject(fields);

/** Body of `PUT /api/v1/admins/categories/{address}`: any of the create fields. */
export const categoryUpdateSchema = z
  .strictObject(fields)
  .partial()
  .refine((body) => Object.values(body).some((value) => value !== undefined), 'nothing to change');

/** A parsed create body. */
export type CategoryCreate = z.output<typeof categoryCreateSchema>;
/** A parsed update body. */
export type CategoryUpdate = z.output<typeof categoryUpdateSchema>;

/** The project form's fields as the inputs hold them. */
export interface CategoryFormValues {
  chainId: string;
  contractAddress: string;
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  /** An illustrator id, or '' for none. */
  creatorId: string;
  hidden: boolean;
}

/** The empty form of a new project on `chainId`. */
export function emptyCategoryForm(chainId: number): CategoryFormValues {
  return {
    chainId: String(chainId),
    contractAddress: '',
    name: '',
    nameEn: '',
    description: '',
    descriptionEn: '',
    creatorId: '',
    hidden: false,
  };
}

/** The request body of the form (blank texts are sent empty, which the API stores as none). */
export function categoryFormBody(form: CategoryFormValues): Record<string, unknown> {
  return {
    chain_id: Number(form.chainId),
    contract_address: form.contractAddress.trim(),
    name: form.name,
    name_en: form.nameEn,
    description: form.description,
    description_en: form.descriptionEn,
    creator_id: form.creatorId === '' ? null : Number(form.creatorId),
    hidden: form.hidden,
  };
}
