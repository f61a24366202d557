/**
 * Amounts in wei as whole yen in SQL, at the fresh rates a request read (`requestYenRates` / `locals.yenRates`): one
 * conversion for the card list's yen order and range and the rankings' yen volume.
 */
import { type SQL, sql } from 'drizzle-orm';
import { CURRENCIES, type CurrencyCode, CurrencyType } from '~/features/chains/currencies';

/**
 * `amount` (wei, in currency `code`) in whole yen rounded down at `rates` (yen per whole unit by currency code), or
 * SQL null for a currency without a rate: a CASE over the rated codes, so the query needs no table of rates.
 */
export function yenAmountSql(amount: SQL, code: SQL, rates: Readonly<Record<number, number>> | undefined): SQL {
  const branches = Object.entries(rates ?? {}).flatMap(([currency, jpy]) => {
    const info = CURRENCIES[Number(currency) as CurrencyCode];
    if (!info || info.type === CurrencyType.FIAT || !Number.isFinite(jpy) || jpy <= 0) return [];
    const unit = (10n ** BigInt(info.decimals)).toString();
    return [sql`when ${Number(currency)} then floor(${amount} * ${String(jpy)}::numeric / ${unit}::numeric)`];
  });
  return branches.length === 0 ? sql`null::numeric` : sql`(case ${code} ${sql.join(branches, sql` `)} end)`;
}
