// The warehouse's preparation: the orders to prepare by day and mode; the picking list sums a reference over the
// orders and walks the storage locations (none last), each order with its pallets and parcels; delivery slips without
// prices; every paper's text in French and in Chinese; the start of a selection's preparation, order by order, audited,
// refused to a role without the permission, and once per order when two staff start it together (PostgreSQL).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoStaff } from "#server/test/staff.ts";
import { eq, inArray, sql } from "drizzle-orm";
import { query, type Database } from "#server/db/client.ts";
import { auditLog, orderEvents, orders } from "#server/db/schema/index.ts";
import { seedDemo } from "#server/db/seed/index.ts";
import { loadEnv } from "#server/env.ts";
import { createReadCache } from "#server/read-cache.ts";
import { createServices } from "#server/services.ts";
import { openTestDatabase, testDbKinds } from "#server/test/databases.ts";
import { pdfPages, pdfToText } from "#server/test/pdf-text.ts";

const DAY = "2031-03-04";
const AT = new Date("2031-03-03T15:30:00Z");

describe.each(testDbKinds())("preparation (%s)", (kind) => {
  let d: Database;
  let services: ReturnType<typeof createServices>;
  /** The two delivered orders planned on DAY (CE2026-000162, CE2026-000177) and the pickup order to prepare. */
  let day: { id: number; number: string }[];
  let pickup: { id: number; number: string };
  /** The reference both day orders hold, and the one left without a location. */
  let shared: string;
  let unplaced: string;

  const ctxOf = (who: string, lang: "fr" | "zh" = "fr") => demoStaff(d.db, who, lang);
  const statuses = async (ids: number[]) =>
    Object.fromEntries(
      (await d.db.select({ id: orders.id, s: orders.status }).from(orders).where(inArray(orders.id, ids))).map((o) => [o.id, o.s]),
    );

  beforeAll(async () => {
    d = await openTestDatabase(kind);
    await seedDemo(d.db, { size: "small" });
    services = createServices(d, loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }), createReadCache());
    day = await query<{ id: number; number: string }>(
      d.db,
      sql`update orders set planned_delivery_date = ${DAY}, status = 'planned', delivery_status = 'confirmed', delivery_reply_by = null
          where number in ('CE2026-000162', 'CE2026-000177') returning id, number`,
    );
    day.sort((a, b) => a.number.localeCompare(b.number));
    [pickup] = await query<{ id: number; number: string }>(d.db, sql`select id, number from orders where number = 'CE2026-000158'`);
    // the second order also takes 3 of the first order's first reference; one model of the first order has no place
    const [first] = await query<{ reference: string; model_id: number }>(
      d.db,
      sql`select reference, model_id from order_lines where order_id = ${day[0].id} order by id limit 1`,
    );
    shared = first.reference;
    await query(
      d.db,
      sql`insert into order_lines (order_id, model_id, reference, designation, unit, price, num, tva, line_ht, gifted_units)
          select ${day[1].id}, model_id, reference, designation, unit, price, 3, tva, price * 3, 1 from order_lines
          where order_id = ${day[0].id} and reference = ${shared}`,
    );
    const [last] = await query<{ reference: string; model_id: number }>(
      d.db,
      sql`select reference, model_id from order_lines where order_id = ${day[0].id} order by id desc limit 1`,
    );
    unplaced = last.reference;
    await query(d.db, sql`update models set location = null where id = ${last.model_id}`);
  }, 60_000);
  afterAll(async () => {
    await d?.close();
  });

  it("lists the orders to prepare, by planned day and delivery mode", async () => {
    const { preparation, db } = services;
    const all = await preparation.queue(db, {}, "fr", 200);
    expect(all.list.every((o) => ["processing", "planned", "preparing"].includes(o.status))).toBe(true);
    expect(all.list.map((o) => o.number)).toEqual(expect.arrayContaining([...day.map((o) => o.number), pickup.number]));
    const ofDay = await preparation.queue(db, { date: DAY }, "fr", 200);
    expect(ofDay.list.map((o) => o.number)).toEqual(day.map((o) => o.number));
    expect(ofDay.total).toBe(2);
    expect(ofDay.list[0]).toMatchObject({
      planned_date: DAY,
      delivery_mode: "pallet",
      pickup: false,
      customer: { client_number: "C100001" },
    });
    expect((await preparation.queue(db, { date: DAY, mode: "parcel" }, "fr", 200)).list).toEqual([]);
    expect((await preparation.queue(db, { mode: "pickup" }, "fr", 200)).list.map((o) => o.number)).toEqual([pickup.number]);
    const one = await preparation.queue(db, {}, "fr", 1);
    expect([one.list.length, one.total]).toEqual([1, all.total]);
  });

  it("sums a reference over the day's orders and walks the locations, a model without one last", async () => {
    const sheets = await services.preparation.sheets(services.db, { date: DAY }, "fr");
    expect(sheets.map((o) => o.number)).toEqual(day.map((o) => o.number));
    const [a, b] = sheets;
    const own = a.lines.find((l) => l.reference === shared)!;
    const again = b.lines.find((l) => l.reference === shared)!;
    expect([again.quantity, again.gifted]).toEqual([4, 1]); // 3 ordered and 1 offered: 4 to pick
    expect(a.lines.at(-1)).toMatchObject({ reference: unplaced, location: null });
    for (const o of sheets) {
      const placed = o.lines.filter((l) => l.location !== null).map((l) => l.location!);
      expect(placed).toEqual([...placed].sort((x, y) => x.localeCompare(y, "en", { numeric: true })));
    }
    expect(a.packing).toMatchObject({ estimated: true });
    expect(a.packing.pallets).toBeGreaterThanOrEqual(1);
    expect(a.receiving?.days.length).toBeGreaterThan(0);

    const text = await pdfToText((await services.preparation.pdf(services.db, "picking", { date: DAY }, "fr", { at: AT }))!.pdf);
    expect(text).toContain("Liste de préparation");
    expect(text).toContain("Livraisons du 4 mars 2031");
    expect(text).toContain("2 commandes");
    expect(text).toContain("Prélèvement groupé (toutes commandes)");
    expect(text).toContain("estimés d'après les volumes et poids du catalogue");
    // one line of text per cell: the batch's row of the shared reference holds both orders' units, from 2 orders
    const batch = text.slice(text.indexOf("Prélèvement groupé"), text.indexOf("Préparation par commande")).split("\n");
    const at = batch.indexOf(shared);
    expect(batch.slice(at + 2, at + 5)).toEqual([String(own.quantity + 4), expect.any(String), "2"]);
    // the unplaced reference comes last in the batch, with a dash for its place
    const places = batch.map((l, i) => [l, i] as const).filter(([l]) => /^(—|[A-Z]-\d+-\d+)$/.test(l));
    expect(places.at(-1)![0]).toBe("—");
    expect(batch[places.at(-1)![1] + 1]).toBe(unplaced);
    expect(text).toContain(`${day[0].number} – `);
    expect(text).toContain("(C100001)");
    expect(text).toMatch(/Estimation : \d+ palettes?, \d+ colis, [\d,]+ kg/);
    expect(text).toContain("livraison prévue le 04/03/2031");
    expect(text).not.toContain("€");
  });

  it("prints a delivery slip per order, without prices, with the receiver's box", async () => {
    const file = (await services.preparation.pdf(services.db, "slips", { ids: [day[0].id, pickup.id] }, "fr", { at: AT }))!;
    expect(file.numbers).toEqual([day[0].number, pickup.number]);
    expect(pdfPages(file.pdf)).toBe(2);
    const text = await pdfToText(file.pdf);
    expect(text.match(/^Bon de livraison$/gm)).toHaveLength(2);
    for (const s of [day[0].number, pickup.number, "N° client : C100001", "ADRESSE DE LIVRAISON", "Horaires de réception : lundi : matin"])
      expect(text).toContain(s);
    expect(text).toContain("4 mars 2031"); // the delivery day is the slip's date
    expect(text).toContain("Nom et signature du destinataire");
    expect(text).toContain("Réserves éventuelles");
    expect(text).toContain("Retrait : "); // the pickup order names its store
    expect(text).toMatch(/Colis :\n……………/); // not recorded yet: to fill in
    expect(text).not.toContain("€");
    // recorded packing shows once the order is ready
    await query(d.db, sql`update orders set parcels = 3, pallets = 1, weight_kg = 212.4 where id = ${day[0].id}`);
    const recorded = await pdfToText((await services.preparation.pdf(services.db, "slips", { ids: [day[0].id] }, "fr", { at: AT }))!.pdf);
    expect(recorded).toMatch(/Colis :\n3\nPalettes :\n1\nPoids \(kg\) :\n212,4/);
    await query(d.db, sql`update orders set parcels = null, pallets = null, weight_kg = null where id = ${day[0].id}`);
  });

  it("puts a whole day in one file: the picking list, then each order's slip", async () => {
    const file = (await services.preparation.pdf(services.db, "all", { date: DAY }, "fr", { at: AT }))!;
    const text = await pdfToText(file.pdf);
    const picking = text.indexOf("Liste de préparation");
    const slips = [...text.matchAll(/^Bon de livraison$/gm)].map((m) => m.index);
    expect(picking).toBeGreaterThanOrEqual(0);
    expect(slips).toHaveLength(2);
    expect(slips.every((i) => i > picking)).toBe(true);
    // the unit the promotion offers shows on the slip apart from the ordered ones, said first
    const lines = text.split("\n");
    const gift = lines.findIndex((l) => l.startsWith("Offert : "));
    expect(lines.slice(gift - 1, gift + 2)).toEqual([shared, expect.stringMatching(/^Offert : /), "1"]);
    expect(text).toMatch(new RegExp(`Page ${pdfPages(file.pdf)}/${pdfPages(file.pdf)}`));
  });

  it("speaks Chinese with the documents' CJK font", async () => {
    const text = await pdfToText((await services.preparation.pdf(services.db, "all", { date: DAY }, "zh", { at: AT }))!.pdf);
    expect(text).not.toContain("\ufffd");
    for (const s of [
      "拣货单",
      "2031年3月4日 配送",
      "合并拣货（所有订单）",
      "库位",
      "货号",
      "按订单备货",
      "送货单",
      "客户编号：C100001",
      "赠品：",
      "收货人姓名及签字：",
    ])
      expect(text).toContain(s);
    expect(text).toMatch(/估算：\d+ 个托盘，\d+ 个包裹，[\d.]+ 公斤/);
    expect(text).not.toContain("Liste de préparation");
  });

  it("prints nothing for a selection without any order to prepare", async () => {
    const [delivered] = await query<{ id: number }>(d.db, sql`select id from orders where status = 'delivered' limit 1`);
    expect(await services.preparation.pdf(services.db, "picking", { ids: [delivered.id, 999_999] }, "fr")).toBeNull();
    expect(await services.preparation.pdf(services.db, "picking", { date: "2031-03-05" }, "fr")).toBeNull();
  });

  it("starts a selection's preparation order by order, audited, saying which were refused and why", async () => {
    const warehouse = await ctxOf("entrepot");
    const [delivered] = await query<{ id: number; number: string }>(
      d.db,
      sql`select id, number from orders where status = 'delivered' limit 1`,
    );
    const ids = [day[0].id, delivered.id, 999_999, pickup.id];
    const results = await services.preparation.start(warehouse, ids);
    expect(results).toEqual([
      { id: day[0].id, number: day[0].number, ok: true },
      { id: delivered.id, number: delivered.number, ok: false, reason: "Impossible : la commande est livrée." },
      { id: 999_999, number: null, ok: false, reason: "Commande introuvable." },
      { id: pickup.id, number: pickup.number, ok: true },
    ]);
    expect(await statuses(ids)).toMatchObject({ [day[0].id]: "preparing", [delivered.id]: "delivered", [pickup.id]: "preparing" });
    const audited = await d.db.select().from(auditLog).where(eq(auditLog.action, "start_preparation"));
    expect(audited.map((a) => Number(a.entityId)).sort()).toEqual([day[0].id, pickup.id].sort());
    // a preparing order still prints, and its day still lists it
    expect((await services.preparation.queue(services.db, { date: DAY }, "fr", 200)).list.map((o) => o.status)).toEqual([
      "preparing",
      "planned",
    ]);
    const zh = await services.preparation.start(await ctxOf("entrepot", "zh"), [day[0].id]);
    expect(zh[0]).toMatchObject({ ok: false, reason: expect.stringMatching(/[\u4e00-\u9fff]/) });
  });

  it("refuses the start to a role without preparation:write, and changes nothing", async () => {
    for (const who of ["planning", "comptabilite", "catalogue", "service-client"]) {
      await expect(services.preparation.start(await ctxOf(who), [day[1].id])).rejects.toMatchObject({ key: "admin.permission_denied" });
    }
    expect(await statuses([day[1].id])).toEqual({ [day[1].id]: "planned" });
    expect(await d.db.select().from(orderEvents).where(eq(orderEvents.orderId, day[1].id))).toEqual([]);
  });

  it.runIf(kind === "pg")("starts each order once when two staff start the same selection together", async () => {
    const ids = await query<{ id: number }>(
      d.db,
      sql`update orders set status = 'processing' where status = 'delivered' and pickup_method = 1 returning id`,
    ).then((r) => r.map((o) => o.id));
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const [a, b] = [await ctxOf("entrepot"), await ctxOf("gerance")];
    await Promise.all([1, 2, 3, 4].map(() => query(d.db, sql`select pg_sleep(0.02)`)));
    const [ra, rb] = await Promise.all([services.preparation.start(a, ids), services.preparation.start(b, [...ids].reverse())]);
    for (const id of ids) {
      const wins = [...ra, ...rb].filter((r) => r.id === id && r.ok);
      expect(wins).toHaveLength(1);
      expect(await d.db.select().from(orderEvents).where(eq(orderEvents.orderId, id))).toHaveLength(1);
    }
    expect(Object.values(await statuses(ids)).every((s) => s === "preparing")).toBe(true);
  });
});
