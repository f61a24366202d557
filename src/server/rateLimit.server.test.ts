import { describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase';
import { hitRateLimit } from './rateLimit.server';

const database = fileTestDatabase();

describe('hitRateLimit', () => {
  it('allows `limit` hits in a window, then refuses', async () => {
    const at = new Date('2026-11-24T02:10:00Z');
    const results = [];
    for (let i = 0; i < 6; i += 1) results.push((await hitRateLimit(database.db, 'a', 5, 900, at)).allowed);
    expect(results).toEqual([true, true, true, true, true, false]);
  });

  it('does not start afresh at a window edge: the hits just before it still count', async () => {
    for (let i = 0; i < 5; i += 1) await hitRateLimit(database.db, 'edge', 5, 900, new Date('2026-11-24T02:29:59Z'));
    expect((await hitRateLimit(database.db, 'edge', 5, 900, new Date('2026-11-24T02:30:01Z'))).allowed).toBe(false);
    // A whole window later the old hits no longer count.
    expect((await hitRateLimit(database.db, 'edge', 5, 900, new Date('2026-11-24T02:45:00Z'))).allowed).toBe(true);
  });
});
