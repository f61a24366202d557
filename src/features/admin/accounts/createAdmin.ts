/**
 * `npm run admin:create`: creates a back-office administrator, or resets the password of an existing
 * one (ending its open sessions). The uid and the password (twice, hidden) are asked on the terminal;
 * when stdin is not a terminal its lines are the answers (`uid`, `password`, `password again`), so a
 * script can pipe them. The password never comes from argv, where other users and shell histories
 * would see it.
 *
 * @see docs/product-spec.md §6 (admin: separate session), §7 (POST /api/v1/admin_session)
 */
import type { Readable, Writable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { hashPassword, passwordSchema } from '~/features/session/passwords.server.ts';
import { admins, sessions } from '~/server/db/schema/index.ts';
import type { Database } from '~/server/db/types.ts';
import { askTty, isTty, PromptCancelled, readLines, type TtyInput } from './prompt.ts';

/** Admin uids: 3 to 64 letters, digits, `.`, `_`, `-` or `@` (an e-mail address fits). */
export const adminUidSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._@-]{3,64}$/, 'The uid must be 3 to 64 letters, digits or . _ @ -');

/** What {@link upsertAdmin} did. */
export interface UpsertAdminResult {
  created: boolean;
  /** Open sessions of the admin ended because the password changed. */
  revokedSessions: number;
  /** The admin is disabled: the new password works only once it is enabled again. */
  disabled: boolean;
}

/**
 * Creates admin `uid` with `password`, or sets the password of the existing one and revokes its open
 * sessions (reason `password_reset`). The password must already have passed `passwordSchema`.
 */
export async function upsertAdmin(db: Database, uid: string, password: string): Promise<UpsertAdminResult> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: admins.id, disabled: admins.disabled })
      .from(admins)
      .where(eq(admins.uid, uid))
      .for('update');
    if (!existing) {
      await tx.insert(admins).values({ uid, passwordHash });
      return { created: true, revokedSessions: 0, disabled: false };
    }
    await tx.update(admins).set({ passwordHash }).where(eq(admins.id, existing.id));
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokeReason: 'password_reset' })
      .where(and(eq(sessions.adminId, existing.id), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return { created: false, revokedSessions: revoked.length, disabled: existing.disabled };
  });
}

/** Streams and database of {@link runAdminCreate}. */
export interface AdminCreateIo {
  input: Readable;
  /** Prompts and errors. */
  errors: Writable;
  /** The outcome line. */
  output: Writable;
  /** Opened only once the answers are valid. */
  database: () => Promise<Database>;
}

/** The first problem of a zod result, or null. */
const problem = (result: z.ZodSafeParseResult<string>): string | null =>
  result.success ? null : (result.error.issues[0]?.message ?? 'invalid');

/** Asks on a terminal until the uid and a confirmed, valid password are given (3 tries each). */
async function askOnTerminal(input: TtyInput, errors: Writable): Promise<{ uid: string; password: string } | null> {
  let uid = '';
  for (let attempt = 0; ; attempt += 1) {
    const parsed = adminUidSchema.safeParse(await askTty(input, errors, 'Admin uid: '));
    if (parsed.success) {
      uid = parsed.data;
      break;
    }
    errors.write(`${problem(parsed)}\n`);
    if (attempt === 2) return null;
  }
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const password = await askTty(input, errors, 'Password: ', true);
    const invalid = problem(passwordSchema.safeParse(password));
    if (invalid) {
      errors.write(`${invalid}\n`);
      continue;
    }
    if ((await askTty(input, errors, 'Password again: ', true)) !== password) {
      errors.write('The passwords do not match\n');
      continue;
    }
    return { uid, password };
  }
  return null;
}

/** Reads `uid`, `password`, `password again` from piped lines; the first problem is an error. */
async function readFromPipe(input: Readable): Promise<{ uid: string; password: string } | string> {
  const [uidLine, password, retype] = await readLines(input);
  if (uidLine === undefined || password === undefined || retype === undefined) {
    return 'Expected three lines on stdin: the uid, the password and the password again';
  }
  const uid = adminUidSchema.safeParse(uidLine);
  if (!uid.success) return problem(uid) ?? 'invalid uid';
  const invalid = problem(passwordSchema.safeParse(password));
  if (invalid) return invalid;
  if (retype !== password) return 'The passwords do not match';
  return { uid: uid.data, password };
}

/** Runs the command: asks, validates, writes; resolves with the process exit code (0 ok, 1 refused). */
export async function runAdminCreate(io: AdminCreateIo): Promise<number> {
  let answers: { uid: string; password: string } | null;
  try {
    if (isTty(io.input)) {
      answers = await askOnTerminal(io.input, io.errors);
    } else {
      const read = await readFromPipe(io.input);
      if (typeof read === 'string') {
        io.errors.write(`${read}\n`);
        return 1;
      }
      answers = read;
    }
  } catch (error) {
    if (error instanceof PromptCancelled) {
      io.errors.write('Cancelled: nothing was changed\n');
      return 1;
    }
    throw error;
  }
  if (!answers) {
    io.errors.write('Giving up: nothing was changed\n');
    return 1;
  }
  const result = await upsertAdmin(await io.database(), answers.uid, answers.password);
  if (result.created) io.output.write(`Admin "${answers.uid}" created.\n`);
  else {
    io.output.write(
      `Password of admin "${answers.uid}" reset; ${result.revokedSessions} open session(s) ended.\n` +
        (result.disabled ? 'Note: this admin is disabled and cannot sign in until enabled again.\n' : ''),
    );
  }
  return 0;
}
