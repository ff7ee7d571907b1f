import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The number of rows of every table of the app's schema: a read that writes changes one of them. */
export async function rowCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const tables = await sql<{ table_name: string }>`select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const counts: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    const row = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table_name)}`.execute(db);
    counts[table_name] = row.rows[0]!.n;
  }
  return counts;
}
