/**
 * A PostgreSQL server of a test's own (initdb into a temporary folder, a free loopback port, no fsync), so the test
 * may stop and start it as a real restart does: every connection ended (`57P01`), then refused while it is down,
 * then accepted again. Needs PostgreSQL's server programs (`/usr/lib/postgresql/<version>/bin`, Debian's layout);
 * a test running as root runs them as the `postgres` user, as PostgreSQL refuses to run as root.
 *
 * Runs under plain Node 24 too (type stripping), like the other helpers.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server.ts';

const run = promisify(execFile);

/** A running private server. */
export interface PrivatePostgres {
  /** The superuser's URL of its `postgres` database (`createTestDatabase({ url })` makes one beside it). */
  url: string;
  /** Stops it (`pg_ctl stop -m fast`: the connections are ended, then refused). */
  stop: () => Promise<void>;
  /** Starts it again on the same port. */
  start: () => Promise<void>;
  /** Stops it at once and removes its folder. */
  close: () => Promise<void>;
}

/** The newest installed PostgreSQL's server programs. */
function binaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => existsSync(join(root, name, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const [newest] = versions;
  if (newest === undefined) throw new Error(`no PostgreSQL server programs under ${root}`);
  return join(root, newest, 'bin');
}

/** Starts a private server (see the module comment). */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binaries();
  const dir = await mkdtemp(join(tmpdir(), 'kirafuda-pg-'));
  const asRoot = process.getuid?.() === 0;
  /** Runs one of the server programs, as `postgres` when this process is root. */
  const program = (name: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, name), ...args]) : run(join(bin, name), args);
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(group.trim()));
  }
  const data = join(dir, 'data');
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const ctl = (args: string[]) => program('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', ...args]);
  try {
    await program('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
    await ctl(['-o', options, 'start']);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      await ctl(['-m', 'fast', 'stop']);
    },
    start: async () => {
      await ctl(['-o', options, 'start']);
    },
    close: async () => {
      await ctl(['-m', 'immediate', 'stop']).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
