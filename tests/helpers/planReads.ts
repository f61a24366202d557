/**
 * What the statements of a call read, table by table, from their plans (`EXPLAIN ANALYZE`): the plan tests'
 * measure of "reads only what it shows"; and how a statement is planned once it is kept.
 */
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../../src/server/db/types.ts';

/** A node of a JSON plan (EXPLAIN ANALYZE). */
interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/** The statements `run` makes through `db.execute`, in order (each also runs). */
async function statementsOf(db: Database, run: (db: Database) => Promise<unknown>): Promise<SQL[]> {
  const seen: SQL[] = [];
  const watched = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'execute') return Reflect.get(target, key, receiver);
      return (query: SQL) => {
        seen.push(query);
        return target.execute(query);
      };
    },
  });
  await run(watched);
  return seen;
}

/** One statement a call made, as text, and the rows each table gave up to it (the most one scan read). */
export interface StatementReads {
  text: string;
  read: Map<string, number>;
}

/** The statements `run` makes through `db.execute`, each run again under EXPLAIN ANALYZE, with what it read. */
export async function statementReads(db: Database, run: (db: Database) => Promise<unknown>): Promise<StatementReads[]> {
  const seen = await statementsOf(db, run);
  const dialect = new PgDialect();
  const statements: StatementReads[] = [];
  for (const query of seen) {
    const { rows } = await db.execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      sql`explain (analyze, format json) ${query}`,
    );
    const read = new Map<string, number>();
    const visit = (node: PlanNode) => {
      const table = node['Relation Name'];
      if (table) {
        const rowsOf =
          (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) *
          node['Actual Loops'];
        read.set(table, Math.max(read.get(table) ?? 0, rowsOf));
      }
      for (const child of node.Plans ?? []) visit(child);
    };
    visit(rows[0]?.['QUERY PLAN'][0].Plan as PlanNode);
    statements.push({ text: dialect.sqlToQuery(query).sql, read });
  }
  return statements;
}

/** The rows each table gave up to the statements `run` makes, the most one scan of all of them read. */
export async function rowsRead(db: Database, run: (db: Database) => Promise<unknown>): Promise<Map<string, number>> {
  const most = new Map<string, number>();
  for (const { read } of await statementReads(db, run)) {
    for (const [table, rows] of read) most.set(table, Math.max(most.get(table) ?? 0, rows));
  }
  return most;
}

/**
 * How the one statement `run` makes is planned when kept (a generic plan, as a named statement runs after five
 * runs): prepared under `force_generic_plan` and explained with the values it ran with.
 */
export async function genericPlan(db: Database, run: (db: Database) => Promise<unknown>): Promise<string> {
  const [query] = await statementsOf(db, run);
  if (!query) throw new Error('no statement ran');
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  const literals = params.map((value) => `'${String(value).replace(/'/g, "''")}'`).join(', ');
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare kept_plan as ${text}`));
    const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(sql.raw(`explain execute kept_plan(${literals})`));
    await tx.execute(sql`deallocate kept_plan`);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}
