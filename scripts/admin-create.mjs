/**
 * `npm run admin:create`: creates a back-office administrator, or resets an existing one's password.
 * Asks the uid and the password (hidden, twice) on the terminal; when stdin is a pipe, reads them as
 * three lines instead:
 *
 *   printf '%s\n' alice "$PASSWORD" "$PASSWORD" | npm run admin:create
 *
 * Writes to the server's database (PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR, default ./data).
 * Stop the server first when it uses the same PGlite folder (two processes must not open one).
 *
 * @see src/features/admin/accounts/createAdmin.ts
 */

import { runAdminCreate } from '../src/features/admin/accounts/createAdmin.ts';
import { closeDatabase, getDatabase } from '../src/server/db/client.ts';
import { settingsOrExit } from '../src/server/settings/settings.server.ts';

if (process.argv.length > 2) {
  console.error('admin:create takes no arguments: it asks for the uid and the password (or reads them from stdin)');
  process.exit(2);
}

const settings = settingsOrExit();
try {
  process.exitCode = await runAdminCreate({
    input: process.stdin,
    errors: process.stderr,
    output: process.stdout,
    database: async () => (await getDatabase(settings)).db,
  });
} catch (error) {
  console.error('admin:create failed:', error);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
