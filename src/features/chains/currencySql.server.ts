/** Currency codes in SQL: the reports and catalogue sums add POL's two codes together. */
import { type SQL, sql } from 'drizzle-orm';

/** SQL giving a currency code with POL's second code (10) read as 6, so POL amounts add up together. */
export function canonicalCurrencySql(column: SQL): SQL {
  return sql`(case when ${column} = 10 then 6 else ${column} end)`;
}
