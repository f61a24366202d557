import { z } from 'zod';
import { chainIdParam } from '~/features/chains/params';
import { ADDRESS_PATTERN } from '~/lib/addresses';

/** Route parameter shapes shared by the parameterised pages (page-level validation, spec §5). */
export const paramSchemas = {
  id: z.string().regex(/^[1-9]\d{0,15}$/),
  address: z.string().regex(ADDRESS_PATTERN),
  chainId: chainIdParam,
  tokenId: z.string().regex(/^\d{1,78}$/),
  keyword: z.string().trim().min(1).max(100),
} as const;

export type ParamKind = keyof typeof paramSchemas;

/**
 * Splits an optional rest parameter (`[...params]`) into at most `kinds.length` segments and checks
 * each against its kind. Returns the segments, or null when the URL does not fit (-> 404).
 */
export function parseRestParams(rest: string | undefined, kinds: readonly ParamKind[]): string[] | null {
  const segments = rest ? rest.split('/').filter(Boolean) : [];
  if (segments.length > kinds.length) return null;
  for (const [index, segment] of segments.entries()) {
    const kind = kinds[index];
    if (!kind || !paramSchemas[kind].safeParse(segment).success) return null;
  }
  return segments;
}

/** Checks one required parameter against its kind. */
export function isValidParam(value: string | undefined, kind: ParamKind): value is string {
  return value !== undefined && paramSchemas[kind].safeParse(value).success;
}
