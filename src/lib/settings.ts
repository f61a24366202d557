/**
 * Reading numeric settings from the environment: a typo fails the start with the setting's name instead of being
 * read as a default, 0 or NaN.
 */

/** A setting's whole number, or undefined when unset or blank; throws naming `name` when not whole or below `min`. */
export function wholeNumberSetting(value: string | undefined, name: string, min = 0): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const number = Number(text);
  if (!Number.isSafeInteger(number) || number < min) throw new Error(`${name} must be a whole number from ${min}`);
  return number;
}
