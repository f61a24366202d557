import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { verifyPassword } from '~/features/session/passwords.server.ts';
import { createDatabase } from '~/server/db/client.ts';
import { admins, sessions } from '~/server/db/schema/index.ts';
import { runAdminCreate } from './createAdmin.ts';

const database = fileTestDatabase();

/** A writable that keeps what was written. */
function sink(): PassThrough & { text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  return Object.assign(stream, { text: () => text });
}

/** Runs the command with `lines` piped to it. */
async function runPiped(lines: string[]) {
  const errors = sink();
  const output = sink();
  const code = await runAdminCreate({
    input: Readable.from([`${lines.join('\n')}\n`]),
    errors,
    output,
    database: async () => database.db,
  });
  return { code, errors: errors.text(), output: output.text() };
}

const passwordOf = async (uid: string) =>
  (await database.db.select().from(admins).where(eq(admins.uid, uid)))[0]?.passwordHash;

describe('admin:create with answers piped on stdin', () => {
  it('creates an admin from the uid, the password and the password again', async () => {
    const run = await runPiped(['alice', 'correct horse battery', 'correct horse battery']);
    expect(run).toMatchObject({ code: 0, output: 'Admin "alice" created.\n' });
    expect(await verifyPassword(await passwordOf('alice'), 'correct horse battery')).toBe(true);
  }, 30_000);

  it("resets an existing admin's password and ends its open sessions", async () => {
    const [alice] = await database.db.select().from(admins).where(eq(admins.uid, 'alice'));
    await database.db
      .insert(sessions)
      .values({ kind: 'admin', adminId: alice?.id ?? 0, expiresAt: new Date(Date.now() + 3_600_000) });
    const run = await runPiped(['alice', 'a brand new secret', 'a brand new secret']);
    expect(run.code).toBe(0);
    expect(run.output).toMatch(/reset; 1 open session\(s\) ended/);
    expect(await verifyPassword(await passwordOf('alice'), 'a brand new secret')).toBe(true);
    const open = await database.db
      .select()
      .from(sessions)
      .where(eq(sessions.adminId, alice?.id ?? 0));
    expect(open.every((session) => session.revokedAt !== null && session.revokeReason === 'password_reset')).toBe(true);
  }, 30_000);

  it.each([
    [['bob', 'short', 'short'], /at least 10 characters/],
    [['bob', 'long enough 1', 'long enough 2'], /do not match/],
    [['b b', 'long enough 1', 'long enough 1'], /uid must be/],
    [['bob', 'aaaaaaaaaaaa', 'aaaaaaaaaaaa'], /repeat one character/],
    [['bob', 'long enough 1'], /three lines/],
  ])('refuses %j without writing anything', async (lines, message) => {
    const run = await runPiped(lines);
    expect(run.code).toBe(1);
    expect(run.errors).toMatch(message);
    expect(await passwordOf('bob')).toBeUndefined();
  });
});

describe('admin:create on a terminal', () => {
  it('asks with the password hidden and asks again when the two differ', async () => {
    const input = Object.assign(new PassThrough(), { isTTY: true as const, setRawMode: () => input });
    const errors = sink();
    const running = runAdminCreate({ input, errors, output: sink(), database: async () => database.db });
    const typed = ['carol\r', 'hidden secret 1\r', 'hidden secret 2\r', 'hidden secret 1\r', 'hidden secret 1\r'];
    for (const answer of typed) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      input.write(answer);
    }
    expect(await running).toBe(0);
    expect(errors.text()).toContain('Admin uid: carol');
    expect(errors.text()).toContain('The passwords do not match');
    expect(errors.text()).not.toContain('hidden secret');
    expect(await verifyPassword(await passwordOf('carol'), 'hidden secret 1')).toBe(true);
  }, 30_000);

  it('stops without writing on Ctrl-C', async () => {
    const input = Object.assign(new PassThrough(), { isTTY: true as const, setRawMode: () => input });
    const errors = sink();
    const running = runAdminCreate({ input, errors, output: sink(), database: async () => database.db });
    await new Promise((resolve) => setTimeout(resolve, 20));
    input.write('dave\r\u0003');
    expect(await running).toBe(1);
    expect(errors.text()).toContain('Cancelled');
    expect(await passwordOf('dave')).toBeUndefined();
  });
});

describe('scripts/admin-create.mjs', () => {
  it('reads piped answers and writes to the database named by the environment', async () => {
    await database.disconnect();
    const root = join(import.meta.dirname, '..', '..', '..', '..');
    const child = spawn(process.execPath, [join(root, 'scripts', 'admin-create.mjs')], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', ...database.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.stdin.end('erin\npiped secret 42\npiped secret 42\n');
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect({ code, stdout, stderr }).toMatchObject({ code: 0, stdout: 'Admin "erin" created.\n' });
    const reopened = await createDatabase({ url: database.env['DATABASE_URL'], dataDir: database.env['DATA_DIR'] });
    try {
      const [erin] = await reopened.db.select().from(admins).where(eq(admins.uid, 'erin'));
      expect(await verifyPassword(erin?.passwordHash, 'piped secret 42')).toBe(true);
    } finally {
      await reopened.close();
    }
  }, 60_000);
});
