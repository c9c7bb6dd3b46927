// The catalogue's CSV import on a real database: its own export imported back changes nothing; a file's dry run names
// each line's outcome; the apply job writes the changes in batches (one audit row each), resumes after a crash
// without writing a batch twice, stops when cancelled, and leaves alone a line changed since its dry run. On
// PostgreSQL, two workers on separate connections never write the same line twice.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query, type Database } from "#server/db/client.ts";
import { seedDemo } from "#server/db/seed/index.ts";
import { openTestDatabase, testDbKinds } from "#server/test/databases.ts";
import { demoStaff } from "#server/test/staff.ts";
import type { StaffContext } from "#server/modules/staff/audited.ts";
import type { RunningJob } from "#server/modules/jobs/jobs.service.ts";
import { createCatalogueImport } from "./catalogue-import.service.ts";

const bytes = (s: string) => new TextEncoder().encode(s);

describe.each(testDbKinds())("catalogue CSV import (%s)", (kind) => {
  let d: Database;
  let ctx: StaffContext;
  const imports = createCatalogueImport({ batch: 2 });
  /** Some models of the demo catalogue: reference, price, stock. */
  let refs: { id: number; reference: string; price: string; stock: number }[] = [];

  beforeAll(async () => {
    d = await openTestDatabase(kind);
    await seedDemo(d.db, { size: "small" });
    ctx = await demoStaff(d.db, "catalogue");
    refs = await query(d.db, sql`select id, reference, price::text as price, stock from models order by id limit 40`);
  }, 120_000);
  afterAll(async () => {
    await d?.close();
  });

  const jobOf = async (importId: number): Promise<RunningJob> => {
    const [r] = await query<{ job_id: number }>(d.db, sql`select job_id from catalogue_imports where id = ${importId}`);
    return { id: Number(r.job_id), kind: "catalogue_import", staffId: ctx.staff.id, lang: "fr", params: { import: importId } };
  };
  const model = async (id: number) =>
    (await query<{ price: string; stock: number }>(d.db, sql`select price::text as price, stock from models where id = ${id}`))[0];
  const batches = async (importId: number) =>
    Number(
      (
        await query<{ n: number }>(
          d.db,
          sql`select count(*)::int as n from audit_log where entity = 'catalogue_import' and entity_id = ${String(importId)} and action = 'apply_batch'`,
        )
      )[0].n,
    );
  /** A file that sets the stock of `models` to stock + 7 and the first one's price to 9,99. */
  const file = (models: typeof refs, extra = "") =>
    "Référence;Prix HT;Stock\r\n" +
    models.map((m, i) => `${m.reference};${i === 0 ? "9,99" : m.price.replace(".", ",")};${m.stock + 7}`).join("\r\n") +
    "\r\n" +
    extra;
  const checked = async (text: string) => {
    const id = await imports.upload(ctx, { name: "tarifs.csv", bytes: bytes(text) });
    const v = await imports.view(d.db, id);
    await imports.check(ctx, id, v.mapping);
    return id;
  };

  it("imports its own export unchanged: every line unchanged, nothing to apply", async () => {
    const csv = await imports.exportCsv(d.db);
    const id = await imports.upload(ctx, { name: "catalogue.csv", bytes: Buffer.from(csv, "utf8") });
    const v = await imports.view(d.db, id);
    expect(v.mapping).toEqual([
      "reference",
      "product",
      "label_fr",
      "label_zh",
      "price",
      "site_price",
      "vat",
      "stock",
      "purchasable_qty",
      "not_for_sale",
      "non_gls",
    ]);
    const counts = await imports.check(ctx, id, v.mapping);
    expect(counts).toMatchObject({ updated: 0, refused: 0 });
    expect(counts.unchanged).toBe(v.row_count);
    expect(counts.unchanged).toBeGreaterThan(20);
    await expect(imports.apply(ctx, id)).rejects.toMatchObject({ key: "admin.import_nothing_to_apply" });
  });

  it("names each line's outcome in the dry run, applies by batches with one audit row each, then imports the same file as unchanged", async () => {
    const some = refs.slice(0, 5);
    const id = await checked(file(some, "INCONNU-1;1;1\r\n" + `${some[1].reference};abc;1\r\n`));
    const v = await imports.view(d.db, id);
    expect(v.counts).toMatchObject({ updated: 5, refused: 2, unchanged: 0 });
    const refused = await imports.lines(d.db, id, "refused", 1);
    expect(refused.list.map((l) => [l.line, l.reason?.key])).toEqual([
      [7, "import_unknown_reference"],
      [8, "import_duplicate"],
    ]);
    const updated = await imports.lines(d.db, id, "updated", 1);
    expect(updated.list[0].changes).toEqual([
      { field: "price", old: some[0].price, new: "9.9900" },
      { field: "stock", old: String(some[0].stock), new: String(some[0].stock + 7) },
    ]);
    // the catalogue did not move
    expect(await model(some[0].id)).toEqual({ price: some[0].price, stock: some[0].stock });

    await imports.apply(ctx, id);
    const outcome = await imports.run(d.db, await jobOf(id), async () => undefined);
    expect("file" in outcome && outcome.name).toBe(`import-catalogue-${id}-rapport.csv`);
    const report = "file" in outcome ? outcome.file.toString("utf8") : "";
    expect(report).toContain("Ligne;Référence;Résultat;Motif;Modifications");
    expect(report).toContain(
      `${some[0].reference};Appliquée;;Prix HT : ${some[0].price.replace(".", ",")} → 9,9900 | Stock : ${some[0].stock} → ${some[0].stock + 7}`,
    );
    expect(report).toContain("INCONNU-1;Refusée;Référence : référence inconnue");
    expect(await model(some[0].id)).toEqual({ price: "9.9900", stock: some[0].stock + 7 });
    expect(await model(some[4].id)).toMatchObject({ stock: some[4].stock + 7 });
    expect(await batches(id)).toBe(3); // 5 lines, 2 a batch
    const history = await query<{ n: number }>(
      d.db,
      sql`select count(*)::int as n from price_history where model_id = ${some[0].id} and price = 9.99`,
    );
    expect(Number(history[0].n)).toBe(1);
    expect((await imports.view(d.db, id)).status).toBe("applied");

    // applied again: nothing left to write
    expect(await imports.applyBatch(ctx, id)).toBe(0);
    const again = await checked(file(some));
    expect((await imports.view(d.db, again)).counts).toMatchObject({ updated: 0, unchanged: 5 });
    await expect(imports.check(ctx, id, v.mapping)).rejects.toMatchObject({ key: "admin.import_already_applied" });
  });

  it("resumes after a crash from the first line without its outcome, never writing a batch twice", async () => {
    const some = refs.slice(10, 15);
    const id = await checked(file(some));
    await imports.apply(ctx, id);
    const job = await jobOf(id);
    // the process dies after its first batch committed (the worker's report never returns)
    await expect(
      imports.run(d.db, job, async () => {
        throw new Error("process died");
      }),
    ).rejects.toThrow("process died");
    expect(await batches(id)).toBe(1);
    expect(await model(some[0].id)).toMatchObject({ stock: some[0].stock + 7 });
    expect(await model(some[2].id)).toMatchObject({ stock: some[2].stock });
    // taken again by another claim
    const seen: number[] = [];
    await imports.run(d.db, job, async (done) => {
      seen.push(done);
    });
    expect(seen).toEqual([4, 5]);
    expect(await batches(id)).toBe(3);
    for (const m of some) expect(await model(m.id)).toMatchObject({ stock: m.stock + 7 });
  });

  it("stops after the current batch when cancelled: the report says which lines were not applied", async () => {
    const some = refs.slice(20, 25);
    const id = await checked(file(some));
    await imports.apply(ctx, id);
    const outcome = await imports.run(d.db, await jobOf(id), async (done) => {
      if (done === 2) await imports.cancel(ctx, id);
    });
    expect((await imports.view(d.db, id)).status).toBe("cancelled");
    expect(await model(some[1].id)).toMatchObject({ stock: some[1].stock + 7 });
    expect(await model(some[2].id)).toMatchObject({ stock: some[2].stock });
    const report = "file" in outcome ? outcome.file.toString("utf8") : "";
    expect(report).toContain(`${some[4].reference};Non appliquée (import arrêté)`);
    await expect(imports.cancel(ctx, id)).rejects.toMatchObject({ key: "admin.import_not_running" });
  });

  it("leaves alone a line whose field changed since the dry run (a sale), and applies the others", async () => {
    const some = refs.slice(30, 33);
    const id = await checked(file(some));
    await query(d.db, sql`update models set stock = stock - 1 where id = ${some[1].id}`);
    await imports.apply(ctx, id);
    const outcome = await imports.run(d.db, await jobOf(id), async () => undefined);
    expect(await model(some[1].id)).toMatchObject({ stock: some[1].stock - 1 });
    expect(await model(some[2].id)).toMatchObject({ stock: some[2].stock + 7 });
    const report = "file" in outcome ? outcome.file.toString("utf8") : "";
    expect(report).toContain(`${some[1].reference};Non appliquée (modifiée depuis la simulation);Modifié depuis la simulation : Stock`);
  });

  it.runIf(kind === "pg")("two workers on separate connections write each line once", async () => {
    const some = refs.slice(33, 40);
    const id = await checked(file(some));
    await imports.apply(ctx, id);
    const left = async () =>
      Number(
        (
          await query<{ n: number }>(
            d.db,
            sql`select count(*)::int as n from catalogue_import_lines where import_id = ${id} and status = 'updated' and outcome is null`,
          )
        )[0].n,
      );
    const loop = async () => {
      let n = 0;
      while ((await left()) > 0) if ((await imports.applyBatch(ctx, id)) > 0) n++;
      return n;
    };
    const [a, b] = await Promise.all([loop(), loop()]);
    expect(a + b).toBe(await batches(id));
    for (const m of some) expect(await model(m.id)).toMatchObject({ stock: m.stock + 7 });
    const lines = await query<{ n: number }>(
      d.db,
      sql`select count(*)::int as n from catalogue_import_lines where import_id = ${id} and outcome = 'applied'`,
    );
    expect(Number(lines[0].n)).toBe(7);
  });
});
