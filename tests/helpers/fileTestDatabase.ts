/**
 * A test file's own database (migrated, from the run's template), made before its tests and deleted after them.
 *
 * @see ./db.ts, ./fileFixture.ts
 */
import { createTestDatabase, type TestDatabase } from './db.ts';
import { fileFixture } from './fileFixture.ts';

/** The file's database; read it inside tests and hooks (`database.db`). */
export function fileTestDatabase(): TestDatabase {
  return fileFixture(createTestDatabase, (database) => database.close());
}
