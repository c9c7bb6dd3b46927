// Statements of the money path built by drizzle once per process, their values filled on each run (decision 126).
// Building a statement (query builders, then SQL chunks to text) cost the shop more CPU than sending it: ≈ 0.8 ms of
// an order's 7. A template is built with named placeholders where the values go; a run fills them in the order
// drizzle numbered them, with the column's encoder (a JSON column's value is stringified) as drizzle would.
import { isDeepStrictEqual } from "node:util";
import { is, Param, Placeholder, sql, type SQL } from "drizzle-orm";
import { sqlToQuery, type Db } from "./driver.ts";

type Slot = { value: unknown } | { name: string; encode: ((v: unknown) => unknown) | null };
type Compiled = { text: string; slots: Slot[] };
type Build<P> = (p: P, db: Db) => SQL | { getSQL(): SQL };

export type Template<P extends object = object> = { build: Build<P>; compiled?: Compiled };

/** A statement to run: its template and this run's values (given to preparedStatements, preparedQuery). */
export type Filled = { template: Template; values: object };

// Outside production every run is built both ways and compared: a build that branches on a value, computes with it,
// or lets drizzle expand it (an array in `sql`) would give another text than the template, and fails at once.
const checked = process.env.NODE_ENV !== "production";

/**
 * `build` places each of `p`'s values in the statement as it is, never branching or computing on it: a list is one
 * parameter (`idList(p.ids)`, `json(p.rows)`), an optional part is a separate statement. `p` may be spread: its keys
 * are those of the first run's values.
 */
export function statement<P extends object>(build: Build<P>): (values: P) => Filled {
  const template: Template<P> = { build };
  return (values) => ({ template: template as Template, values });
}

/** A value sent as JSON text (read with `::json` or `json_to_recordset`). */
export const json = (value: unknown) => sql.param(value, { mapToDriverValue: (v) => JSON.stringify(v) });

export const isFilled = (q: object): q is Filled => "template" in q;

/** A statement or a template's run as drizzle's SQL (built with its values). */
export const asSql = (db: Db, q: SQL | Filled): SQL => (isFilled(q) ? built(db, q) : q);

/** The statement's text and parameters on `db`'s dialect. */
export function filledQuery(db: Db, f: Filled): { sql: string; params: unknown[] } {
  const c = (f.template.compiled ??= compile(db, f));
  const values = f.values as Record<string, unknown>;
  const params = c.slots.map((s) => {
    if ("value" in s) return s.value;
    const v = values[s.name];
    return v === null || v === undefined || !s.encode ? v : s.encode(v);
  });
  if (checked) {
    const direct = sqlToQuery(db, built(db, f));
    if (direct.sql !== c.text || !isDeepStrictEqual(direct.params, params))
      throw new Error(`statement template differs from its direct build: ${direct.sql}`);
  }
  return { sql: c.text, params };
}

/** The statement built with this run's values, as drizzle builds any statement (PGlite runs this one). */
const built = (db: Db, f: Filled): SQL => sqlOf(f.template.build(f.values, db));

const sqlOf = (q: SQL | { getSQL(): SQL }) => ("getSQL" in q ? q.getSQL() : q);

/** The template's text and where each parameter comes from, built with a placeholder for each of the run's values. */
function compile(db: Db, { template, values }: Filled): Compiled {
  const placeholders = new Proxy(values, { get: (_, k) => (typeof k === "string" ? sql.placeholder(k) : undefined) });
  const { sql: text, params } = sqlToQuery(db, sqlOf(template.build(placeholders, db)));
  const slots = params.map((p): Slot => {
    if (is(p, Placeholder)) return { name: p.name, encode: null };
    if (is(p, Param) && is(p.value, Placeholder)) {
      const encoder = p.encoder;
      return { name: (p.value as Placeholder).name, encode: (v) => encoder.mapToDriverValue(v) };
    }
    return { value: p };
  });
  return { text, slots };
}
