// Batched multi-row inserts and serial-sequence resets for rows inserted with explicit ids.
// A batch is sent as ONE JSON parameter expanded by json_populate_recordset: far cheaper than
// thousands of bind parameters, on PGlite as on PostgreSQL.
import { getTableColumns, getTableName, is, sql, SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "#server/db/client.ts";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const toJson = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/** Inserts rows (Drizzle property names) in chunks; a key missing from a row takes the column's static default. */
export async function insertAll<T extends PgTable>(tx: Tx, table: T, rows: T["$inferInsert"][], chunk = 2000): Promise<void> {
  if (!rows.length) return;
  const columns = getTableColumns(table);
  const keys = Object.keys(columns).filter((k) => rows.some((r) => (r as Record<string, unknown>)[k] !== undefined));
  const names = keys.map((k) => columns[k].name);
  const list = sql.join(
    names.map((n) => sql.identifier(n)),
    sql`, `,
  );
  const name = sql.identifier(getTableName(table));
  for (let i = 0; i < rows.length; i += chunk) {
    const batch = rows.slice(i, i + chunk).map((r) => {
      const o: Record<string, unknown> = {};
      keys.forEach((k, j) => {
        const v = (r as Record<string, unknown>)[k];
        const dflt = columns[k].default;
        o[names[j]] = toJson(v !== undefined ? v : dflt !== undefined && !is(dflt, SQL) ? dflt : null);
      });
      return o;
    });
    await tx.execute(
      sql`insert into ${name} (${list}) select ${list} from json_populate_recordset(null::${name}, ${JSON.stringify(batch)}::json)`,
    );
  }
}

/** After explicit ids: the next serial value continues after max(id) (or starts at 1 on an empty table). */
export async function resetSequences(tx: Tx, tables: string[]): Promise<void> {
  for (const t of tables) {
    await tx.execute(sql`select setval(pg_get_serial_sequence(${t}, 'id'),
      coalesce((select max(id) from ${sql.identifier(t)}), 1), (select count(*) > 0 from ${sql.identifier(t)}))`);
  }
}
