/**
 * What the profile edit form accepts before anything is sent: a name of 1 to 40 characters without
 * control characters, and an icon file of an image type the server takes, at most 2 MB. Pure, for the
 * island; the server checks the same again (and the image's real type by its bytes).
 *
 * @see docs/product-spec.md §2 (/profiles/edit), §3 (userProfile)
 */

/** Longest profile name, in characters (profiles.server MAX_PROFILE_NAME). */
export const MAX_PROFILE_NAME_LENGTH = 40;
/** Largest icon file, in bytes: 2 MiB (uploads.server MAX_ICON_BYTES). */
export const MAX_ICON_FILE_BYTES = 2 * 1024 * 1024;
/** Image types the icon upload accepts (the `accept` of the file input). */
export const ICON_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** Why a profile name is refused. */
export type ProfileNameProblem = 'required' | 'tooLong' | 'invalidCharacters';
/** Why an icon file is refused. */
export type IconFileProblem = 'type' | 'size' | 'empty';

/** The problem of a profile name as typed, or null when it can be saved. */
export function profileNameProblem(name: string): ProfileNameProblem | null {
  const value = name.trim();
  if (value === '') return 'required';
  if ([...value].length > MAX_PROFILE_NAME_LENGTH) return 'tooLong';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return 'invalidCharacters';
  return null;
}

/** The problem of a chosen icon file (by its declared type and size), or null when it can be sent. */
export function iconFileProblem(file: { type: string; size: number }): IconFileProblem | null {
  if (!(ICON_TYPES as readonly string[]).includes(file.type.toLowerCase())) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > MAX_ICON_FILE_BYTES) return 'size';
  return null;
}
