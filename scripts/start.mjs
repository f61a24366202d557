/**
 * `npm start`: builds the site and serves it on http://localhost:4321 with the production node server.
 * Data lives in ./data (embedded PostgreSQL) unless DATABASE_URL names a server; an empty database gets
 * the demo catalogue (SEED_DEMO=0 turns that off).
 */
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const astro = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');

if (process.env.SKIP_BUILD !== '1') {
  const build = spawnSync(process.execPath, [astro, 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Seed the demo marketplace into an empty database (SEED_DEMO=0 turns this off; every real deployment
// must: the demo admin's password is public), then close it: the server process opens it next.
const { ensureDemoData } = await import('../src/server/seed/ensureDemo.server.ts');
const { closeDatabase } = await import('../src/server/db/client.ts');
await ensureDemoData();
await closeDatabase();

const env = { ...process.env, HOST: process.env.HOST ?? 'localhost', PORT: process.env.PORT ?? '4321' };
const server = spawn(process.execPath, [join(root, 'dist', 'server', 'entry.mjs')], {
  cwd: root,
  env,
  stdio: 'inherit',
});
console.log(`Kirafuda: http://${env.HOST}:${env.PORT}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
