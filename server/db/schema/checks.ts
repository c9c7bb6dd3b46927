// Helpers for CHECK constraints. The listed values are constants of the code (never user input), inlined
// as SQL literals so drizzle-kit writes them into the migration as they are.
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

const literal = (v: string | number) => (typeof v === "number" ? String(v) : `'${v.replaceAll("'", "''")}'`);

/** `column in (...)`: a NULL passes, as in every CHECK; add notNull() where a value is required. */
export function oneOf(column: AnyPgColumn, values: readonly (string | number)[]): SQL {
  return sql`${column} in (${sql.raw(values.map(literal).join(", "))})`;
}
