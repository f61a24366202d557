/**
 * What the token page reads out of a card's token metadata and owner: its traits (with their Japanese and
 * English values), text fields, and the owner's shown name. Pure.
 */
import type { CardDetail, CardTrait } from '../types';

/** The traits of token metadata (`attributes`: `{trait_type, value, display_type?}`); others skipped. */
export function traitsOf(metadata: Record<string, unknown>): CardTrait[] {
  const attributes = metadata.attributes;
  if (!Array.isArray(attributes)) return [];
  return attributes.flatMap((item: unknown): CardTrait[] => {
    if (typeof item !== 'object' || item === null) return [];
    const fields = item as Record<string, unknown>;
    const { trait_type: traitType, value, display_type: displayType } = fields;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return [];
    const text = (key: string) => {
      const found = fields[key];
      return typeof found === 'string' && found.trim() !== '' ? found : undefined;
    };
    const valueJa = text('value_ja');
    const valueEn = text('value_en');
    return [
      {
        traitType: typeof traitType === 'string' ? traitType : '',
        value,
        displayType: typeof displayType === 'string' ? displayType : null,
        ...(valueJa === undefined ? {} : { valueJa }),
        ...(valueEn === undefined ? {} : { valueEn }),
      },
    ];
  });
}

/** Text of a metadata field, or null. */
export function metadataText(metadata: Record<string, unknown>, key: string): string | null {
  const value = metadata[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The owner's name as the detail query reads it (a JSON object, or text of one on some drivers). */
export function ownerNameOf(value: unknown): CardDetail['ownerName'] {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { name, nameEn } = parsed as Record<string, unknown>;
  if (typeof name !== 'string' || name === '') return null;
  return { name, nameEn: typeof nameEn === 'string' && nameEn.trim() !== '' ? nameEn : null };
}
