import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { cards } from '~/server/db/schema/index.ts';
import { loadSettings } from '~/server/settings/settings.server.ts';
import { ensureDemoData } from './ensureDemo.server.ts';

const database = fileTestDatabase();

const cardCount = async () => (await database.db.select({ n: count() }).from(cards))[0]?.n ?? 0;

describe('ensureDemoData', () => {
  it('does nothing when SEED_DEMO is 0', async () => {
    const result = await ensureDemoData({ db: database.db, settings: loadSettings({ SEED_DEMO: '0' }), log: () => {} });
    expect(result).toEqual({ seeded: false, reason: 'disabled' });
    expect(await cardCount()).toBe(0);
  });

  it('refuses to seed outside local chains unless told to, and says why', async () => {
    for (const environment of ['production', 'staging', 'development']) {
      const messages: string[] = [];
      const result = await ensureDemoData({
        db: database.db,
        settings: loadSettings({ CHAIN_ENV: environment }),
        log: (m) => messages.push(m),
      });
      expect(result).toEqual({ seeded: false, reason: 'not-local' });
      expect(messages.join('\n')).toMatch(/no demo data is seeded.*SEED_DEMO=1/s);
    }
    expect(await cardCount()).toBe(0);
  });

  it('seeds an empty catalogue and says which demo sign-ins exist', async () => {
    const messages: string[] = [];
    const result = await ensureDemoData({ db: database.db, settings: loadSettings({}), log: (m) => messages.push(m) });
    expect(result.seeded).toBe(true);
    expect(await cardCount()).toBe(120);
    expect(messages.join('\n')).toMatch(/kirafuda-admin-demo.*SEED_DEMO=0/s);
  }, 60_000);

  it('leaves a catalogue that has cards alone', async () => {
    const messages: string[] = [];
    const result = await ensureDemoData({
      db: database.db,
      settings: loadSettings({ SEED_DEMO: '1' }),
      log: (m) => messages.push(m),
    });
    expect(result).toEqual({ seeded: false, reason: 'catalogue-not-empty' });
    expect(messages).toEqual([]);
  });
});
