import { hash, verify } from '@node-rs/argon2';
import { z } from 'zod';

/**
 * Argon2id with OWASP's minimum settings (19 MiB, 2 passes, 1 lane); @node-rs/argon2 uses Argon2id by
 * default. @see https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Password rules for illustrators and admins: 10 to 128 characters, not all one character. */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `The password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `The password must be at most ${PASSWORD_MAX} characters`)
  .refine((value) => new Set(value).size > 1, 'The password must not repeat one character');

/** Hashes a password with Argon2id (PHC string with salt and parameters). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// A real hash of a random password: checking an unknown uid against it costs the same as a real check,
// so a failed sign-in takes the same time whether or not the uid exists.
let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash; with no stored hash (unknown uid) it still runs one full
 * Argon2id verification and answers false, so failures take constant time.
 */
export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword(crypto.randomUUID());
  const target = stored ?? (await dummyHash);
  try {
    const ok = await verify(target, password);
    return ok && stored !== null && stored !== undefined;
  } catch {
    return false;
  }
}
