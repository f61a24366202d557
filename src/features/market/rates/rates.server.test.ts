import { describe, expect, it } from 'vitest';
import { fileTestDatabase } from '#tests/helpers/fileTestDatabase.ts';
import { exchangeRateHours } from '~/server/db/schema/index.ts';
import { loadSettings } from '~/server/settings/settings.server.ts';
import { configuredRateSource, storedRates, storeRates } from './rates.server.ts';
import { freshYenRates } from './yen.ts';

const database = fileTestDatabase();
const NOW = new Date('2026-03-10T03:00:00Z');
const reading = (jpy: number, minutesAgo: number) => ({
  currencyCode: 2,
  jpy,
  observedAt: new Date(NOW.getTime() - minutesAgo * 60_000),
  source: 'test',
});

describe('stored yen rates', () => {
  it('keeps the newest observation, and a page gets no rate once it is over an hour old', async () => {
    await storeRates(database.db, [reading(500_000, 10)]);
    await storeRates(database.db, [reading(400_000, 30)]);
    expect(freshYenRates(await storedRates(database.db), NOW)[2]).toBe(500_000);
    const later = new Date(NOW.getTime() + 51 * 60_000);
    expect(2 in freshYenRates(await storedRates(database.db), later)).toBe(false);
  });

  it('keeps the last reading of each hour, so a trade can be valued at the rate of its time', async () => {
    const at = (iso: string, jpy: number) => ({ currencyCode: 3, jpy, observedAt: new Date(iso), source: 'test' });
    await storeRates(database.db, [at('2026-03-10T01:05:00Z', 90_000)]);
    await storeRates(database.db, [at('2026-03-10T01:55:00Z', 91_000)]);
    await storeRates(database.db, [at('2026-03-10T01:30:00Z', 89_000)]); // late, older: kept out
    await storeRates(database.db, [at('2026-03-10T02:05:00Z', 92_000)]);
    const rows = await database.db.select().from(exchangeRateHours).orderBy(exchangeRateHours.hour);
    expect(rows.filter((row) => row.currencyCode === 3).map((row) => [row.hour.toISOString(), row.jpy])).toEqual([
      ['2026-03-10T01:00:00.000Z', 91_000],
      ['2026-03-10T02:00:00.000Z', 92_000],
    ]);
  });

  it('chooses the configured source: the HTTP API, else the local stand-in only in the local environment', () => {
    expect(
      configuredRateSource(loadSettings({ RATES_HTTP_URL: 'https://prices.example' }), [], 'production')?.name,
    ).toBe('http');
    expect(configuredRateSource(loadSettings({}), [], 'local')?.name).toBe('local');
    expect(configuredRateSource(loadSettings({}), [], 'production')).toBeNull();
  });
});
