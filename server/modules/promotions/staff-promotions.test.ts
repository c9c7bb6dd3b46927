// Coupons and model promotions written in the back office (decision 144): audited writes by the owner and the manager;
// every other role refused with nothing changed; a coupon created here is accepted by the checkout's verification at
// once, an ended or expired one refused; a promotion shows on the product at once and stops when ended; a model has
// one promotion at a time and a mixed series one product (of several models). Races (two staff at once, separate connections on
// PostgreSQL): one code, one model. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { auditLog, coupons, promotions } from "#server/db/schema/index.ts";
import { createTestApp, get, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { staffContextOf } from "#server/test/staff.ts";
import { makeOrder } from "#server/test/payments.ts";
import { couponFormSchema, promotionFormSchema } from "#core/validation/promotions.ts";
import { addDays, shopToday } from "#core/aftersales/deliveries.ts";
import type { StaffContext } from "#server/modules/staff/audited.ts";

const DOMAIN = "@comptoir-emballage.fr";
const today = shopToday(new Date());

/** Waits (at most 2 s) for what a commit tells the read model through its notification. */
async function until(ok: () => Promise<boolean> | boolean) {
  for (let i = 0; i < 40; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("condition not met in 2 s");
}

const rawCoupon = {
  code: "BO-TEST",
  kind: "percent",
  value: "10",
  min_amount: "0",
  from: today,
  to: addDays(today, 30),
  max_uses: "5",
};
const couponForm = (change: Record<string, string | number> = {}) => couponFormSchema.parse({ ...rawCoupon, ...change });
const promotionForm = (change: Record<string, string | number> = {}) =>
  promotionFormSchema.parse({ reference: "", min_qty: "10", percent: "8", from: today, ...change });

describe.each(testDbKinds())("coupons and promotions in the back office (%s)", (kind) => {
  let t: TestApp;
  let demo: string;
  let other: string;
  let owner: StaffContext;
  let manager: StaffContext;
  /** Models without promotion: two of one product (a series), one of another product. */
  let free: { id: number; reference: string; product_id: number }[];
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => "accepted",
      (e: { key?: string }) => e.key ?? String(e),
    );
  const s = () => t.app.services.staffPromotions;
  const verify = async (code: string, token = demo, lang?: "zh") =>
    (await get(t.app, "/site/Sale/promoCodeVerification", { code }, { token, lang })).json();
  const audits = async (entity: string) => (await t.app.services.db.select().from(auditLog).where(eq(auditLog.entity, entity))).length;
  const promotionOf = async (m: { id: number; product_id: number }) => {
    const res = await get(t.app, "/site/Product/detail", { id: String(m.product_id) });
    return (res.json().data.models as { id: number; promotion: { value: string; min_qty: number } | null }[]).find((x) => x.id === m.id)!
      .promotion;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { db, sessions } = t.app.services;
    demo = await sessions.create(db, 1);
    other = await sessions.create(db, 2);
    owner = await staffContextOf(t.app, `direction${DOMAIN}`);
    manager = await staffContextOf(t.app, `gerance${DOMAIN}`);
    const pair = await query<{ id: number; reference: string; product_id: number }>(
      db,
      sql`select m.id, m.reference, m.product_id from models m join products p on p.id = m.product_id
          where p.active and not m.not_for_sale and not exists (select 1 from promotions pr where pr.model_id = m.id)
            and (select count(*) from models x where x.product_id = p.id and not exists (select 1 from promotions pr where pr.model_id = x.id)) >= 2
          order by m.product_id, m.id limit 2`,
    );
    const [single] = await query<{ id: number; reference: string; product_id: number }>(
      db,
      sql`select m.id, m.reference, m.product_id from models m join products p on p.id = m.product_id
          where p.active and not m.not_for_sale and m.product_id <> ${pair[0].product_id}
            and not exists (select 1 from promotions pr where pr.model_id = m.id)
          order by m.id limit 1`,
    );
    free = [...pair, single];
  });
  afterAll(() => t?.close());

  it("creates a coupon with its audit row; the checkout accepts it at once, for every customer", async () => {
    const before = await verify("BO-TEST");
    expect(before).toMatchObject({ code: 400, info: "Ce code promo est invalide." });
    const { id } = await s().saveCoupon(owner, couponForm());
    const [row] = await t.app.services.db.select().from(coupons).where(eq(coupons.id, id));
    expect(row).toMatchObject({ code: "BO-TEST", value: "0.1000", amount: null, minAmount: "0.00", maxUses: 5, uses: 0, customerId: null });
    expect(await verify("bo-test")).toMatchObject({ code: 200, data: { code: "BO-TEST", value: "0.1000", valid: true } });
    expect(await verify("BO-TEST", other)).toMatchObject({ code: 200 });
    const [a] = await t.app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "coupon"), eq(auditLog.entityId, String(id))));
    expect(a).toMatchObject({ action: "create", staffId: owner.staff.id });
    expect(a.changes).toMatchObject({ code: { after: "BO-TEST" }, max_uses: { after: 5 } });
  });

  it("changes a coupon (an amount, one customer): the other customer's checkout no longer knows it; ended, it is refused", async () => {
    const { id } = await s().saveCoupon(manager, couponForm({ code: "BO-ONE", kind: "amount", value: "20", min_amount: "0" }));
    const [{ number }] = await query<{ number: string }>(
      t.app.services.db,
      sql`select client_number as number from customers where id = 1`,
    );
    await s().saveCoupon(manager, { ...couponForm({ code: "BO-ONE", kind: "amount", value: "25", customers: number.toLowerCase() }), id });
    expect(await verify("BO-ONE")).toMatchObject({ code: 200, data: { amount: "25.00", value: null } });
    expect(await verify("BO-ONE", other)).toMatchObject({ code: 400, info: "Ce code promo est invalide." });
    await s().endCoupon(manager, id);
    expect(await verify("BO-ONE")).toMatchObject({ code: 400, info: "Ce code promo n'est plus valable." });
    expect(await verify("BO-ONE", demo, "zh")).toMatchObject({ code: 400 });
    // ending again changes nothing and writes no audit row
    const n = await audits("coupon");
    await s().endCoupon(manager, id);
    expect(await audits("coupon")).toBe(n);
  });

  it("refuses a coupon whose validity is over, and one not yet started, at the checkout", async () => {
    const { id } = await s().saveCoupon(owner, couponForm({ code: "BO-PAST" }));
    await s().saveCoupon(owner, { ...couponForm({ code: "BO-PAST", from: addDays(today, -30), to: addDays(today, -1) }), id });
    expect(await verify("BO-PAST")).toMatchObject({ code: 400, info: "Ce code promo n'est plus valable." });
    await s().saveCoupon(owner, couponForm({ code: "BO-LATER", from: addDays(today, 2), to: addDays(today, 9) }));
    expect((await verify("BO-LATER")).code).toBe(400);
    // the list sees them as over and as upcoming
    const expired = (await s().coupons(t.app.services.db, "expired")).rows.map((c) => c.code);
    const active = (await s().coupons(t.app.services.db, "active")).rows;
    expect(expired).toContain("BO-PAST");
    expect(expired).not.toContain("BO-TEST");
    expect(active.find((c) => c.code === "BO-LATER")?.state).toBe("upcoming");
  });

  it("refuses a taken code (whatever its case), an unknown customer, a past period, fewer uses than used, an unknown coupon", async () => {
    const count = async () => (await t.app.services.db.select().from(coupons)).length;
    const n = await count();
    const [seeded] = await query<{ id: number; code: string; uses: number }>(
      t.app.services.db,
      sql`select id, code, uses from coupons where uses >= 1 order by id limit 1`,
    );
    expect(await refusal(s().saveCoupon(owner, couponForm({ code: seeded.code.toLowerCase() })))).toBe("promotions.code_taken");
    expect(await refusal(s().saveCoupon(owner, couponForm({ code: "BO-X", customers: "ZZ999999" })))).toBe("promotions.customers_unknown");
    expect(await refusal(s().saveCoupon(owner, couponForm({ code: "BO-X", from: addDays(today, -9), to: addDays(today, -2) })))).toBe(
      "promotions.period_past",
    );
    const { id } = await s().saveCoupon(owner, couponForm({ code: "BO-USED" }));
    await query(t.app.services.db, sql`update coupons set uses = 2 where id = ${id}`); // two orders used it
    expect(await refusal(s().saveCoupon(owner, { ...couponForm({ code: "BO-USED", max_uses: "1" }), id }))).toBe(
      "promotions.uses_below_used",
    );
    await s().saveCoupon(owner, { ...couponForm({ code: "BO-USED", max_uses: "2" }), id }); // used up, not less
    expect((await verify("BO-USED")).info).toBe("Ce code promo a déjà été utilisé.");
    expect(await refusal(s().saveCoupon(owner, { ...couponForm({ code: "BO-Y" }), id: 999_999 }))).toBe("promotions.coupon_not_found");
    expect(await refusal(s().endCoupon(owner, 999_999))).toBe("promotions.coupon_not_found");
    expect(await count()).toBe(n + 1); // BO-USED only
  });

  it("reserves a coupon to chosen customers by client number: the others' checkout does not know it; audited", async () => {
    const { db } = t.app.services;
    await query(
      db,
      sql`insert into customers (client_number, title, first_name, last_name, email, password_hash)
          values ('BOCHOSEN3', 'M', 'Client', 'Trois', 'bo-chosen3@exemple.fr', 'x') on conflict do nothing`,
    );
    const numbers = await query<{ id: number; n: string }>(
      db,
      sql`select id, client_number as n from customers where id in (1, 2) or client_number = 'BOCHOSEN3' order by id`,
    );
    const [c1, c2, c3] = numbers;
    const { id } = await s().saveCoupon(owner, couponForm({ code: "BO-CHOSEN", customers: `${c1.n}, ${c3.n.toLowerCase()}\n${c1.n}` }));
    const chosen = await query<{ customer_id: number }>(
      db,
      sql`select customer_id from coupon_customers where coupon_id = ${id} order by 1`,
    );
    expect(chosen.map((r) => r.customer_id)).toEqual([c1.id, c3.id]);
    expect(await verify("BO-CHOSEN")).toMatchObject({ code: 200, data: { code: "BO-CHOSEN", valid: true } });
    expect(await verify("BO-CHOSEN", other)).toMatchObject({ code: 400, info: "Ce code promo est invalide." });
    expect(await verify("BO-CHOSEN", other, "zh")).toMatchObject({ code: 400, info: expect.not.stringContaining("checkout.") });
    // the chosen customer finds it among their coupons
    const mine = (await get(t.app, "/site/Customer/couponList", {}, { token: demo })).json();
    expect(JSON.stringify(mine)).toContain("BO-CHOSEN");
    expect((await s().coupon(db, id))?.customers).toEqual([c1.n, c3.n].sort());
    // changed to customer 2 alone: customer 1 no longer knows it
    await s().saveCoupon(owner, { ...couponForm({ code: "BO-CHOSEN", customers: c2.n }), id });
    expect(await verify("BO-CHOSEN")).toMatchObject({ code: 400, info: "Ce code promo est invalide." });
    expect(await verify("BO-CHOSEN", other)).toMatchObject({ code: 200 });
    const [a] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "coupon"), eq(auditLog.entityId, String(id)), eq(auditLog.action, "update")));
    expect(a.changes).toMatchObject({ customers: { before: [c1.n, c3.n].sort(), after: [c2.n] } });
    // an unknown number among them changes nothing
    expect(await refusal(s().saveCoupon(owner, { ...couponForm({ code: "BO-CHOSEN", customers: `${c1.n} NOPE123` }), id }))).toBe(
      "promotions.customers_unknown",
    );
    expect((await s().coupon(db, id))?.customers).toEqual([c2.n]);
    // emptied: everyone's again (a former owner is let go too)
    await query(db, sql`update coupons set customer_id = 2 where id = ${id}`);
    await s().saveCoupon(owner, { ...couponForm({ code: "BO-CHOSEN", customers: "" }), id });
    expect(await verify("BO-CHOSEN")).toMatchObject({ code: 200 });
    expect((await s().coupon(db, id))?.customers).toEqual([]);
  });

  it("limits uses per customer: a customer's orders with it (not cancelled) count; the figures show them per customer", async () => {
    const { db } = t.app.services;
    const { id } = await s().saveCoupon(owner, couponForm({ code: "BO-PER", max_uses: "10", per_customer: "1" }));
    expect(await verify("BO-PER")).toMatchObject({ code: 200, data: { valid: true, used: false, uses: 0, max_uses: 1 } });
    const placed = await makeOrder(db, 1, { couponId: id });
    await query(db, sql`update coupons set uses = uses + 1 where id = ${id}`);
    expect(await verify("BO-PER")).toMatchObject({ code: 400, info: "Ce code promo a déjà été utilisé." });
    expect(await verify("BO-PER", other)).toMatchObject({ code: 200, data: { valid: true, uses: 0, max_uses: 1 } });
    await makeOrder(db, 2, { couponId: id });
    await makeOrder(db, 2, { couponId: id, status: "cancelled" }); // a cancelled order gave its use back
    const row = (await s().coupon(db, id))!;
    expect(row).toMatchObject({ per_customer_uses: 1, orders: 2, buyers: 2 });
    const usage = await s().couponBuyers(db, id);
    expect(usage.more).toBe(false);
    expect(usage.rows.map((r) => [r.id, r.orders])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    // cancelled, the customer's use comes back
    await query(db, sql`update orders set status = 'cancelled' where id = ${placed.id}`);
    expect(await verify("BO-PER")).toMatchObject({ code: 200 });
    // a limit per customer above the total is refused by the form
    expect(couponFormSchema.safeParse({ ...rawCoupon, per_customer: "6" }).error?.issues[0]?.message).toBe(
      "promotions.per_customer_above_total",
    );
  });

  it("lists each coupon's uses, orders and what it took off", async () => {
    const [used] = await query<{ id: number; orders: number; discount: string }>(
      t.app.services.db,
      sql`select coupon_id as id, count(*)::int as orders, sum(discount_amount)::text as discount from orders
          where coupon_id is not null and status <> 'cancelled' group by coupon_id order by coupon_id limit 1`,
    );
    const all = (await s().coupons(t.app.services.db, "all")).rows;
    if (used) expect(all.find((c) => c.id === used.id)).toMatchObject({ orders: used.orders, discount: used.discount });
    expect(all.find((c) => c.code === "BO-TEST")).toMatchObject({ orders: 0, discount: "0", uses: 0, state: "running" });
    // an open-ended coupon is active, not over
    await s().saveCoupon(owner, couponForm({ code: "BO-OPEN", to: "" }));
    expect((await s().coupons(t.app.services.db, "active")).rows.map((c) => c.code)).toContain("BO-OPEN");
    expect((await s().coupons(t.app.services.db, "expired")).rows.map((c) => c.code)).not.toContain("BO-OPEN");
  });

  it("creates a model promotion that the product shows at once, changes it, and ends it", async () => {
    const m = free[0];
    expect(await promotionOf(m)).toBeNull(); // read once, so the read model holds the product
    const { id } = await s().savePromotion(owner, promotionForm({ reference: m.reference.toLowerCase() }));
    await until(async () => (await promotionOf(m))?.value === "0.0800");
    expect(await promotionOf(m)).toMatchObject({ min_qty: 10 });
    await s().savePromotion(manager, { ...promotionForm({ reference: m.reference, percent: "", gifted_units: "1", min_qty: "12" }), id });
    await until(async () => (await promotionOf(m))?.min_qty === 12);
    expect(await promotionOf(m)).toMatchObject({ value: "0.0000", gifted_units: 1 });
    await s().endPromotion(manager, id);
    await until(async () => (await promotionOf(m)) === null);
    const actions = await t.app.services.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "promotion"), eq(auditLog.entityId, String(id))));
    expect(actions.map((a) => a.action).sort()).toEqual(["create", "end", "update"]);
    expect((await s().promotions(t.app.services.db, "expired", "fr")).rows.find((p) => p.id === id)).toMatchObject({
      reference: m.reference,
      state: "ended",
    });
  });

  it("keeps one promotion per model at a time, a series to one product of several models, and knows the references", async () => {
    const [a, b, elsewhere] = free;
    const n = (await t.app.services.db.select().from(promotions)).length;
    await s().savePromotion(owner, promotionForm({ reference: a.reference, from: addDays(today, 10), to: addDays(today, 20) }));
    expect(await refusal(s().savePromotion(owner, promotionForm({ reference: a.reference, from: addDays(today, 20) })))).toBe(
      "promotions.promotion_overlap",
    );
    expect(await refusal(s().savePromotion(owner, promotionForm({ reference: a.reference, to: addDays(today, 10) })))).toBe(
      "promotions.promotion_overlap",
    );
    // the days before and after it are free
    await s().savePromotion(owner, promotionForm({ reference: a.reference, to: addDays(today, 9) }));
    await s().savePromotion(owner, promotionForm({ reference: a.reference, from: addDays(today, 21), series: "MIX-BO" }));
    await s().savePromotion(owner, promotionForm({ reference: b.reference, series: "mix-bo" }));
    expect(await refusal(s().savePromotion(owner, promotionForm({ reference: elsewhere.reference, series: "MIX-BO" })))).toBe(
      "promotions.series_other_product",
    );
    expect(await refusal(s().savePromotion(owner, promotionForm({ reference: "NO-SUCH-REF" })))).toBe("promotions.reference_unknown");
    expect(await refusal(s().savePromotion(owner, { ...promotionForm({ reference: a.reference }), id: 999_999 }))).toBe(
      "promotions.promotion_not_found",
    );
    expect((await t.app.services.db.select().from(promotions)).length).toBe(n + 4);
  });

  it("refuses every write to each role without promotions:write, and changes nothing", async () => {
    const db = t.app.services.db;
    const snapshot = async () => ({
      coupons: await db.select().from(coupons).orderBy(coupons.id),
      promotions: await db.select().from(promotions).orderBy(promotions.id),
      audit: (await db.select().from(auditLog)).length,
    });
    const [c] = await db.select().from(coupons).where(eq(coupons.code, "BO-TEST"));
    const [p] = await db.select().from(promotions).where(eq(promotions.modelId, free[1].id));
    const before = await snapshot();
    const actions: Record<string, (ctx: StaffContext) => Promise<unknown>> = {
      "coupon create": (ctx) => s().saveCoupon(ctx, couponForm({ code: "BO-ROLE" })),
      "coupon update": (ctx) => s().saveCoupon(ctx, { ...couponForm({ value: "50" }), id: c.id }),
      "coupon end": (ctx) => s().endCoupon(ctx, c.id),
      "promotion create": (ctx) => s().savePromotion(ctx, promotionForm({ reference: free[2].reference })),
      "promotion update": (ctx) => s().savePromotion(ctx, { ...promotionForm({ reference: free[1].reference, percent: "50" }), id: p.id }),
      "promotion end": (ctx) => s().endPromotion(ctx, p.id),
    };
    for (const role of ["entrepot", "planning", "service-client", "catalogue", "comptabilite"]) {
      const ctx = await staffContextOf(t.app, `${role}${DOMAIN}`);
      for (const [name, run] of Object.entries(actions)) expect(await refusal(run(ctx)), `${role} ${name}`).toBe("admin.permission_denied");
    }
    expect(await snapshot()).toEqual(before);
  });

  it("two staff creating the same code at once: one coupon, the other refused", async () => {
    for (let round = 0; round < 4; round++) {
      const code = `BO-RACE-${round}`;
      const outcomes = await Promise.all([
        refusal(s().saveCoupon(owner, couponForm({ code }))),
        refusal(s().saveCoupon(manager, couponForm({ code: code.toLowerCase(), kind: "amount", value: "5" }))),
      ]);
      expect([...outcomes].sort()).toEqual(["accepted", "promotions.code_taken"]);
      expect(await t.app.services.db.select().from(coupons).where(eq(coupons.code, code))).toHaveLength(1);
    }
  });

  it("two staff giving one model a promotion at once: one promotion, the other refused", async () => {
    const [m] = await query<{ id: number; reference: string }>(
      t.app.services.db,
      sql`select m.id, m.reference from models m where not exists (select 1 from promotions pr where pr.model_id = m.id)
          order by m.id desc limit 1`,
    );
    const outcomes = await Promise.all([
      refusal(s().savePromotion(owner, promotionForm({ reference: m.reference }))),
      refusal(s().savePromotion(manager, promotionForm({ reference: m.reference, percent: "12" }))),
    ]);
    expect([...outcomes].sort()).toEqual(["accepted", "promotions.promotion_overlap"]);
    expect(await t.app.services.db.select().from(promotions).where(eq(promotions.modelId, m.id))).toHaveLength(1);
  });
});
