// server/db/functions.sql is the current definition of every stored function and trigger (decision 113): the latest
// migration that holds it holds it whole, and running it on a migrated database changes nothing, while every
// function and trigger of that database is one the file defines. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query, type Database } from "#server/db/client.ts";
import { openTestDatabase, testDbKinds } from "#server/test/databases.ts";
import { MIGRATIONS } from "#server/test/migrations.ts";

const FILE = fileURLToPath(new URL("./functions.sql", import.meta.url));
const MARK = "-- server/db/functions.sql\n";
const text = readFileSync(FILE, "utf8");

/** The file's statements, as the migrator runs a migration's. */
const statements = text.split("--> statement-breakpoint").filter((s) => /\S/.test(s.replace(/--.*$/gm, "")));

/** Names the file creates: functions by name, triggers as "table.trigger". */
const defined = {
  functions: [...text.matchAll(/^CREATE OR REPLACE FUNCTION (\w+)\(/gm)].map((m) => m[1]),
  triggers: [...text.matchAll(/^CREATE OR REPLACE TRIGGER (\w+) .*? ON (\w+) (?:REFERENCING|FOR)/gm)].map((m) => `${m[2]}.${m[1]}`),
};

/** Every function (not an extension's) and trigger of the database, with its definition as PostgreSQL prints it. */
async function definitions(d: Database): Promise<Map<string, string>> {
  const rows = await query<{ name: string; def: string }>(
    d.db,
    sql`
    select p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' as name, pg_get_functiondef(p.oid) as def
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = current_schema() and not exists (select 1 from pg_depend e where e.objid = p.oid and e.deptype = 'e')
    union all
    select c.relname || '.' || t.tgname, pg_get_triggerdef(t.oid)
    from pg_trigger t join pg_class c on c.oid = t.tgrelid where not t.tgisinternal`,
  );
  return new Map(rows.map((r) => [r.name, r.def]));
}

describe("server/db/functions.sql", () => {
  it("is held whole by the latest migration that holds it", () => {
    const journal = JSON.parse(readFileSync(join(MIGRATIONS, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
    const holders = journal.entries.map((e) => readFileSync(join(MIGRATIONS, `${e.tag}.sql`), "utf8")).filter((m) => m.includes(MARK));
    expect(text).toContain(MARK);
    expect(holders.length).toBeGreaterThan(0);
    expect(holders.at(-1)).toContain(text);
  });

  it("creates only functions and triggers, each in place", () => {
    for (const s of statements) expect(s.replace(/^--.*\n/gm, "").trim()).toMatch(/^CREATE OR REPLACE (FUNCTION|TRIGGER) /);
  });
});

describe.each(testDbKinds())("server/db/functions.sql on a migrated database (%s)", (kind) => {
  let d: Database;
  beforeAll(async () => {
    d = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await d?.close();
  });

  it("defines every function and trigger the migrations leave, and changes none of them", async () => {
    const before = await definitions(d);
    const names = [...before.keys()];
    expect(new Set(names.filter((n) => n.includes("(")).map((n) => n.slice(0, n.indexOf("("))))).toEqual(new Set(defined.functions));
    expect(new Set(names.filter((n) => !n.includes("(")))).toEqual(new Set(defined.triggers));
    for (const s of statements) await d.db.execute(sql.raw(s));
    expect(await definitions(d)).toEqual(before);
  });
});
