// The catalogue editor's writes (decision 154) on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set: a model's
// and a product's edit, audited and shown by the storefront at once (the tables' notifications, as the CSV import);
// a stale form gets 409 and changes nothing; a reference is one model's; a bulk edit applies exactly its preview,
// in one audited transaction, and refuses a plan that changed since; a role without catalogue:write is refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { auditLog } from "#server/db/schema/index.ts";
import { createTestApp, get, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { demoStaff } from "#server/test/staff.ts";
import { catalogueListSchema, modelFormSchema, productFormSchema, bulkFormSchema } from "#core/validation/catalogue-editor.ts";
import { fileMoney, filePercent } from "#core/catalogue/import-csv.ts";
import type { StaffContext } from "#server/modules/staff/audited.ts";
import type { ModelState } from "./staff-catalogue.service.ts";

/** Waits (at most 2 s) for what a commit tells the read model through its notification. */
async function until(ok: () => Promise<boolean> | boolean) {
  for (let i = 0; i < 40; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("condition not met in 2 s");
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "accepted",
    (e: { kind?: string; key?: string }) => `${e.kind}:${e.key ?? String(e)}`,
  );

/** The model's form as the page fills it, with `change`. */
const modelForm = (m: ModelState & { revision: string }, change: Record<string, string> = {}) =>
  modelFormSchema.parse({
    ...m,
    price: fileMoney(m.price),
    site_price: fileMoney(m.site_price),
    vat: filePercent(m.vat),
    unit_qty: String(m.unit_qty),
    stock: String(m.stock),
    purchasable_qty: String(m.purchasable_qty),
    length_mm: m.length_mm === null ? "" : String(m.length_mm),
    width_mm: m.width_mm === null ? "" : String(m.width_mm),
    height_mm: m.height_mm === null ? "" : String(m.height_mm),
    not_for_sale: m.not_for_sale ? "on" : undefined,
    non_gls: m.non_gls ? "on" : undefined,
    ...change,
  });

describe.each(testDbKinds())("catalogue editor (%s)", (kind) => {
  let t: TestApp;
  let owner: StaffContext;
  let catalogue: StaffContext;
  let reader: StaffContext;
  let p: { product_id: number; model_id: number; reference: string };
  const s = () => t.app.services.staffCatalogue;
  const detail = async (id: number) => (await get(t.app, "/site/Product/detail", { id: String(id) })).json().data;
  const audits = async (entity: string) => t.app.services.db.select().from(auditLog).where(eq(auditLog.entity, entity));
  const filter = (f: Record<string, string> = {}) => catalogueListSchema.parse({ page: 1, ...f });

  beforeAll(async () => {
    t = await createTestApp(kind);
    const db = t.app.services.db;
    [owner, catalogue, reader] = await Promise.all([
      demoStaff(db, "direction"),
      demoStaff(db, "catalogue"),
      demoStaff(db, "service-client"),
    ]);
    [p] = await query<typeof p>(
      db,
      sql`select m.product_id, m.id as model_id, m.reference from models m join products pr on pr.id = m.product_id
          where pr.active and not m.not_for_sale order by m.id limit 1`,
    );
    await t.app.services.search.ready();
  });
  afterAll(() => t.close());

  it("lists the models by reference, searched and filtered, paged on the server", async () => {
    const all = await s().list(t.app.services.db, filter(), "fr");
    expect(all.total).toBeGreaterThan(all.list.length);
    expect(all.list.length).toBe(50);
    const one = await s().list(t.app.services.db, filter({ q: p.reference }), "fr");
    expect(one.list.map((r) => r.reference)).toContain(p.reference);
    const out = await s().list(t.app.services.db, filter({ stock: "out" }), "fr");
    expect(out.list.every((r) => r.stock === 0)).toBe(true);
  });

  it("edits a model: written, audited, in the price history, and on the storefront at once", async () => {
    const { models } = (await s().product(t.app.services.db, p.product_id))!;
    const m = models.find((x) => x.id === p.model_id)!;
    await detail(p.product_id); // cached before the edit
    const before = (await audits("model")).length;
    await s().saveModel(catalogue, modelForm(m, { price: "12,3457", stock: "42", location: "b-7-2" }));
    const [row] = await query<{ price: string; stock: number; location: string }>(
      t.app.services.db,
      sql`select price::text as price, stock, location from models where id = ${m.id}`,
    );
    expect(row).toEqual({ price: "12.3457", stock: 42, location: "B-7-2" });
    const rows = await audits("model");
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)!.changes).toMatchObject({ price: { before: m.price, after: "12.3457" } });
    const [{ n }] = await query<{ n: number }>(
      t.app.services.db,
      sql`select count(*)::int as n from price_history where model_id = ${m.id} and price = 12.3457`,
    );
    expect(n).toBe(1);
    await until(async () => (await detail(p.product_id)).models.find((x: { id: number }) => x.id === m.id).price === "12.3457");
  });

  it("refuses a stale form with 409 and a reference of another model, changing nothing", async () => {
    const { models } = (await s().product(t.app.services.db, p.product_id))!;
    const m = models.find((x) => x.id === p.model_id)!;
    const form = modelForm(m, { price: "1" });
    // a sale (or someone else) changed the row since the page was made
    await query(t.app.services.db, sql`update models set stock = stock + 1 where id = ${m.id}`);
    expect(await refusal(s().saveModel(catalogue, form))).toBe("conflict:admin.catalogue_stale");
    const [other] = await query<{ reference: string }>(t.app.services.db, sql`select reference from models where id <> ${m.id} limit 1`);
    const fresh = (await s().product(t.app.services.db, p.product_id))!.models.find((x) => x.id === m.id)!;
    expect(await refusal(s().saveModel(catalogue, modelForm(fresh, { reference: other.reference })))).toBe(
      "refused:admin.catalogue_reference_taken",
    );
    const [row] = await query<{ price: string; reference: string }>(
      t.app.services.db,
      sql`select price::text as price, reference from models where id = ${m.id}`,
    );
    expect(row).toEqual({ price: m.price, reference: m.reference });
  });

  it("edits a product's texts and flags, shown and searchable at once; a reader may not", async () => {
    const { product } = (await s().product(t.app.services.db, p.product_id))!;
    const form = productFormSchema.parse({
      ...product,
      id: String(product.id),
      category: String(product.category_id),
      name_fr: "Boîte Zorglub",
      name_zh: "佐格鲁布盒",
      is_new: "on",
      active: "on",
    });
    expect(await refusal(s().saveProduct(reader, form))).toBe("forbidden:admin.permission_denied");
    await s().saveProduct(owner, form);
    expect((await audits("product")).length).toBe(1);
    await until(async () => (await detail(p.product_id)).product.name === "Boîte Zorglub");
    await until(async () => (await t.app.services.search.search("fr", "zorglub")).products.some((c) => c.id === p.product_id));
    expect(await refusal(s().saveProduct(owner, form))).toBe("conflict:admin.catalogue_stale");
  });

  it("applies a bulk edit exactly as previewed, audited in one row, and refuses a plan changed since", async () => {
    const db = t.app.services.db;
    const picked = await query<{ id: number; price: string }>(
      db,
      sql`select id, price::text as price from models order by id limit 3 offset 5`,
    );
    const raw = { intent: "preview", kind: "price_percent", percent: "-12,5", model: picked.map((m) => String(m.id)) };
    const preview = await s().bulkPreview(db, bulkFormSchema.parse(raw), filter(), "fr");
    expect(preview.count).toBe(3);
    expect(await refusal(s().bulkApply(reader, bulkFormSchema.parse({ ...raw, intent: "apply", plan: preview.plan }), filter()))).toBe(
      "forbidden:admin.permission_denied",
    );
    const applied = await s().bulkApply(catalogue, bulkFormSchema.parse({ ...raw, intent: "apply", plan: preview.plan }), filter());
    expect(applied.shown).toEqual(preview.shown);
    const after = await query<{ id: number; price: string }>(
      db,
      sql`select id, price::text as price from models where id in (${sql.join(
        picked.map((m) => sql`${m.id}`),
        sql`, `,
      )}) order by id`,
    );
    const planned = new Map(preview.shown.map((c) => [c.id, c.new]));
    expect(after.map((m) => m.price)).toEqual(after.map((m) => planned.get(m.id)));
    const bulk = await audits("catalogue_bulk");
    expect(bulk.length).toBe(1);
    expect(bulk[0].changes).toBeTruthy();

    // a stock bulk edit whose models change between the preview and the apply: 409, nothing written
    const stockRaw = { intent: "preview", kind: "set_stock", bulk_stock: "5", model: picked.map((m) => String(m.id)) };
    const second = await s().bulkPreview(db, bulkFormSchema.parse(stockRaw), filter(), "fr");
    await query(db, sql`update models set stock = stock + 3 where id = ${picked[0].id}`);
    expect(
      await refusal(s().bulkApply(catalogue, bulkFormSchema.parse({ ...stockRaw, intent: "apply", plan: second.plan }), filter())),
    ).toBe("conflict:admin.catalogue_bulk_stale");
    expect((await audits("catalogue_bulk")).length).toBe(1);
  });

  it("sets a flag on every model matching the filters, and the list filters on it", async () => {
    const db = t.app.services.db;
    const f = filter({ q: p.reference });
    const raw = { intent: "preview", kind: "set_flag", bulk_flag: "price_drop", scope: "filter" };
    const preview = await s().bulkPreview(db, bulkFormSchema.parse(raw), f, "fr");
    expect(preview.count).toBeGreaterThan(0);
    await s().bulkApply(owner, bulkFormSchema.parse({ ...raw, intent: "apply", plan: preview.plan }), f);
    const flagged = await s().list(db, filter({ q: p.reference, flag: "price_drop" }), "fr");
    expect(flagged.list.map((r) => r.reference)).toContain(p.reference);
  });
});
