// Hostile inputs for the fuzz test (server/http/fuzz.test.ts): values of every wrong kind, sample requests
// derived from a route's JSON Schema (the OpenAPI document's), every leaf of a request replaced in turn,
// multipart bodies built by hand, and a write counter on the business tables that tells whether a call
// changed anything.
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";

/** Nested `depth` times: [[[…]]] or {a:{a:…}}. */
export const deepArray = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};
const deepObject = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};

/** Numbers at and past every bound a column or JavaScript has, and the texts that look like them. */
export const HOSTILE_NUMBERS: unknown[] = [
  0,
  -1,
  1.5,
  -0.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  -(2 ** 53),
  2 ** 53 + 2,
  1e21,
  1e308,
  -1e308,
  5e-324,
  "0",
  "-1",
  "1.5",
  "2147483648",
  "-2147483649",
  "4294967296",
  "9007199254740993",
  "99999999999999999999999",
  "1e3",
  "1e400",
  "0x10",
  "0b11",
  "NaN",
  "Infinity",
  "-Infinity",
  "  12  ",
  "１２",
  "١٢",
];

/** Texts with control characters, lone surrogates, invisible and combining characters. */
export const HOSTILE_CONTROLS: unknown[] = [
  "\u0000",
  "a\u0000b",
  "\u0001",
  "\u0008",
  "\u000b",
  "\u000c",
  "\u001b[31m",
  "\u007f",
  "\u0085",
  "\t",
  "\n",
  "\r\n",
  "\ud800",
  "a\udfffb",
  "\u2028",
  "\ufeff",
  "😀",
  "e\u0301",
];

/** Wrong types, long texts, injections, deep nesting, big arrays. */
const HOSTILE_SHAPES: unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [1, 2],
  { a: 1 },
  { $ne: 1 },
  "",
  " ",
  "abc",
  "x".repeat(300),
  "é".repeat(5_000),
  "a".repeat(50_000),
  "'; drop table customers; --",
  "' or 1=1 --",
  "<script>alert(1)</script>",
  "../../../etc/passwd",
  "%00",
  "${7*7}{{7*7}}",
  deepArray(2_000),
  deepObject(500),
  Array.from({ length: 2_000 }, (_, i) => i),
  ["\u0000"],
  [2 ** 31],
  [{ model_id: 2 ** 31, num: 1 }],
  { model_id: "\u0000", num: 2 ** 53 },
];

/** A few of each kind, for the leaves where that kind is not the expected one. */
const FEW_NUMBERS: unknown[] = [0, -1, 2 ** 31, "2147483648", "NaN", 1e308];
const FEW_CONTROLS: unknown[] = ["\u0000", "a\u0000b", "\ud800"];
const FEW_SHAPES: unknown[] = [null, true, [], {}, "", "abc", "x".repeat(300), deepArray(2_000), HOSTILE_SHAPES[22], ["\u0000"]];

/**
 * The hostile values to put where `sample` is: every number for a number, every text for a text, every
 * shape for the rest, and a few of the other kinds each time.
 */
export function hostileFor(sample: unknown): unknown[] {
  if (typeof sample === "number") return [...HOSTILE_NUMBERS, ...FEW_SHAPES, ...FEW_CONTROLS];
  if (typeof sample === "string") return [...HOSTILE_CONTROLS, ...HOSTILE_SHAPES, ...FEW_NUMBERS];
  return [...HOSTILE_SHAPES, ...FEW_NUMBERS, ...FEW_CONTROLS];
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
};

/**
 * A plausible request for a JSON Schema: `known` values by property name first (ids of real objects, an
 * e-mail, a zip code…), else the schema's const, enum, default or bounds. Every property is filled, optional
 * ones too, so that every one of them is then mutated.
 */
export function sampleOf(schema: JsonSchema | undefined, known: Record<string, unknown>, name = ""): unknown {
  if (name && name in known) return known[name];
  if (!schema) return "Fuzz";
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return sampleOf(schema.anyOf.find((s) => s.type !== "null") ?? schema.anyOf[0], known, name);
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((s) => sampleOf(s, known) as object));
  if (schema.default !== undefined && schema.type !== "object" && schema.type !== "array") return schema.default;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "integer":
    case "number":
      return Math.max(1, schema.minimum ?? (schema.exclusiveMinimum ?? 0) + 1);
    case "boolean":
      return false;
    case "array":
      return [sampleOf(schema.items, known)];
    case "object": {
      const o: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(schema.properties ?? {})) o[k] = sampleOf(s, known, k);
      return o;
    }
    case "string":
      return "Fuzz";
    default:
      return 1;
  }
}

type Path = (string | number)[];

/** Every leaf of a JSON value (and every array and object, which are replaced whole too), with its path. */
export function leaves(value: unknown, path: Path = []): Path[] {
  const out: Path[] = path.length ? [path] : [];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...leaves(v, [...path, i])));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) out.push(...leaves(v, [...path, k]));
  return out;
}

/** A deep copy of `value` with the node at `path` replaced (or removed when `v` is `REMOVE`). */
export const REMOVE = Symbol("remove");
export function replaced(value: unknown, path: Path, v: unknown): unknown {
  if (!path.length) return v;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  const next = replaced(copy[head], rest, v);
  if (next === REMOVE) {
    if (Array.isArray(copy)) copy.splice(head as number, 1);
    else delete copy[head];
  } else copy[head] = next;
  return copy;
}

/** A query-string value for a hostile value: texts as they are, anything else as JSON. */
export const asQueryText = (v: unknown): string => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""));

/** A multipart/form-data body: fields and files in the given order. */
export function multipartBody(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[], boundary: string) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ""}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ""}\r\n`;
    chunks.push(Buffer.from(head, "utf8"), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value, "utf8"), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/**
 * Counts the rows written to the given tables from now on (row triggers; an update that changes nothing is
 * not counted). A write rolled back with its transaction rolls its count back too, so the count tells what a
 * call left behind.
 */
export async function installWriteCounter(db: Db, tables: string[]) {
  await query(db, sql`create table fuzz_writes (id bigserial primary key, tbl text not null, op text not null)`);
  await query(
    db,
    sql.raw(`create function fuzz_note() returns trigger language plpgsql as $$
      begin insert into fuzz_writes (tbl, op) values (tg_table_name, tg_op); return null; end $$`),
  );
  for (const t of tables) {
    await query(db, sql.raw(`create trigger fuzz_w_${t} after insert or delete on "${t}" for each row execute function fuzz_note()`));
    await query(
      db,
      sql.raw(
        `create trigger fuzz_u_${t} after update on "${t}" for each row when (old.* is distinct from new.*) execute function fuzz_note()`,
      ),
    );
  }
  const mark = async () => (await query<{ n: number }>(db, sql`select coalesce(max(id), 0)::int as n from fuzz_writes`))[0].n;
  const since = async (n: number) =>
    (await query<{ w: string }>(db, sql`select tbl || ' ' || op as w from fuzz_writes where id > ${n} order by id limit 5`)).map(
      (r) => r.w,
    );
  return { mark, since };
}

/** The node of `value` at `path`. */
export const valueAt = (value: unknown, path: Path): unknown =>
  path.reduce<unknown>((v, k) => (v as Record<string | number, unknown> | undefined)?.[k], value);
