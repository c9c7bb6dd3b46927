// The catalogue CSV import on the demo catalogue (≈ 8,000 models) in PostgreSQL: a file of 10,000 lines (every model's
// price and stock changed, the rest unknown references, refused), its dry run (upload + check) and its apply (the job's
// batches, one transaction and one audit row each), timed; then the catalogue exported and imported back unchanged
// (0 changes). Budget (DESIGN §8): dry run ≤ 10 s, apply ≤ 30 s.
// Usage: createdb bench_csv && node --import tsx bench/csv-import.ts --pg postgres://postgres@127.0.0.1:5432/bench_csv [--lines 10000]
import { sql } from "drizzle-orm";
import { openDatabase, query } from "../server/db/client.ts";
import { seedDemo } from "../server/db/seed/index.ts";
import { demoStaff } from "../server/test/staff.ts";
import { createCatalogueImport } from "../server/modules/catalogue/catalogue-import.service.ts";
import { numberOption, PG_URL } from "./lib.ts";

if (!PG_URL) throw new Error("--pg URL: an empty PostgreSQL database");
const LINES = numberOption("lines", 10_000);

const database = await openDatabase({ url: PG_URL });
const { db } = database;
try {
  await seedDemo(db);
  const ctx = await demoStaff(db, "catalogue");
  const imports = createCatalogueImport();
  const [{ n: models }] = await query<{ n: number }>(db, sql`select count(*)::int as n from models`);

  const exported = await imports.exportCsv(db);
  const rows = exported
    .replace(/^\ufeff/, "")
    .trimEnd()
    .split("\r\n");
  const header = rows[0];
  // each model's price + 0,0100 and stock + 1 (columns: reference;product;fr;zh;price;site;vat;stock;…)
  const changed = rows.slice(1, LINES + 1).map((line) => {
    const cells = line.split(";");
    const cents = Math.round(Number(cells[4].replace(",", ".")) * 10_000) + 100;
    cells[4] = `${Math.floor(cents / 10_000)},${String(cents % 10_000).padStart(4, "0")}`;
    cells[7] = String(Number(cells[7]) + 1);
    return cells.join(";");
  });
  for (let i = changed.length; i < LINES; i++) changed.push(`INCONNUE-${i};;;;1,00;;;;;;`);
  const file = Buffer.from(`${header}\r\n${changed.join("\r\n")}\r\n`, "utf8");

  const t0 = performance.now();
  const id = await imports.upload(ctx, { name: "bench.csv", bytes: file });
  const v = await imports.view(db, id);
  const counts = await imports.check(ctx, id, v.mapping);
  const dryRun = performance.now() - t0;

  const t1 = performance.now();
  await imports.apply(ctx, id);
  const [{ job_id }] = await query<{ job_id: number }>(db, sql`select job_id from catalogue_imports where id = ${id}`);
  await imports.run(
    db,
    { id: Number(job_id), kind: "catalogue_import", staffId: ctx.staff.id, lang: "fr", params: { import: id } },
    async () => undefined,
  );
  const applied = performance.now() - t1;
  const after = await imports.view(db, id);

  const t2 = performance.now();
  const again = await imports.upload(ctx, { name: "export.csv", bytes: Buffer.from(await imports.exportCsv(db), "utf8") });
  const roundTrip = await imports.check(ctx, again, (await imports.view(db, again)).mapping);
  const roundTripMs = performance.now() - t2;

  console.log(`models ${models}, file ${LINES} lines (${(file.length / 1024).toFixed(0)} KB)`);
  console.log(
    `dry run (upload + check): ${(dryRun / 1000).toFixed(2)} s — ${counts.updated} to update, ${counts.unchanged} unchanged, ${counts.refused} refused (budget 10 s)`,
  );
  console.log(
    `apply (job, batches of 500): ${(applied / 1000).toFixed(2)} s — ${after.counts.applied} applied, ${after.counts.conflict} conflicts (budget 30 s)`,
  );
  console.log(
    `round trip (export, import, dry run): ${(roundTripMs / 1000).toFixed(2)} s — ${roundTrip.updated} changes, ${roundTrip.unchanged} unchanged`,
  );
} finally {
  await database.close();
}
