// Coupons and model promotions in the back office (decision 144): lists with their figures, and the audited writes
// of those holding promotions:write. What staff type is read by core/validation/promotions.ts; the rules the checkout
// and the cart apply stay theirs (checkout/coupons.service.ts, core/cart/promotion.ts). A change reaches the shop at
// once: both tables notify the read model on commit (coupons drop the cart answers, promotions the catalogue's).
import { and, desc, eq, gt, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { couponCustomers, coupons, customers, models, orders, productTranslations, promotions } from "#server/db/schema/index.ts";
import { can } from "#core/staff/permissions.ts";
import { forbidden, notFound, refused } from "#core/domain-errors.ts";
import type { Lang } from "#core/lang.ts";
import { periodOf, periodState, type PeriodState } from "#core/promotions/period.ts";
import { shopToday } from "#core/aftersales/deliveries.ts";
import type { CouponFields, PromotionFields, PromotionListStatus } from "#core/validation/promotions.ts";
import { staffWrite, type StaffContext } from "#server/modules/staff/audited.ts";

/** Most rows a list shows (the newest first); the page says when there are more. */
export const LIST_MAX = 200;

/** The type of the promotions rows that are model promotions (type 2 is a coupon scope, not edited here). */
const MODEL_PROMOTION = 1;

export type CouponState = "usable" | "used" | PeriodState;

export type StaffCoupon = {
  id: number;
  code: string;
  /** Fraction off (0.1000) or null. */
  value: string | null;
  /** Amount off excl. tax, or null. */
  amount: string | null;
  min_amount: string;
  starts_at: string;
  ends_at: string | null;
  max_uses: number;
  uses: number;
  /** Orders one customer may place with it, null for no limit per customer. */
  per_customer_uses: number | null;
  /** The client numbers of the customers it is reserved to (its owner and chosen customers); empty for everyone. */
  customers: string[];
  /** Orders placed with it (cancelled ones not counted), the customers who placed them, what it took off, excl. tax. */
  orders: number;
  buyers: number;
  discount: string;
  state: CouponState;
};

/** One customer's uses of a coupon. */
export type CouponBuyer = { id: number; client_number: string; company: string | null; orders: number; discount: string };

/** Most customers the usage per customer lists (the most frequent first). */
export const BUYERS_MAX = 100;

export type StaffPromotion = {
  id: number;
  reference: string;
  product: string;
  value: string;
  min_qty: number;
  gifted_units: number | null;
  series: string | null;
  starts_at: string;
  ends_at: string | null;
  state: PeriodState;
};

const isUniqueViolation = (e: unknown) =>
  (e as { code?: string }).code === "23505" || (e as { cause?: { code?: string } }).cause?.code === "23505";

/** Ends a period now (a period not started yet starts a second before, as the storage wants ends_at > starts_at). */
const endNow = { endsAt: sql`now()`, startsAt: sql`least(starts_at, now() - interval '1 second')` };

type Period = { starts_at: Date; ends_at: Date | null };
const iso = (p: Period) => ({ starts_at: p.starts_at.toISOString(), ends_at: p.ends_at?.toISOString() ?? null });

/** Over: ended, or (a coupon) used up; never null (an open end is not over). */
const couponOver = sql`(coalesce(${coupons.endsAt} <= now(), false) or ${coupons.uses} >= ${coupons.maxUses})`;
const promotionOver = sql`coalesce(${promotions.endsAt} <= now(), false)`;

function listFilter(status: PromotionListStatus, over: SQL): SQL | undefined {
  if (status === "all") return undefined;
  return status === "expired" ? over : sql`not ${over}`;
}

/** The audited view of a coupon row. */
const couponAudit = (c: typeof coupons.$inferSelect) => ({
  code: c.code,
  value: c.value,
  amount: c.amount,
  min_amount: c.minAmount,
  starts_at: c.startsAt.toISOString(),
  ends_at: c.endsAt?.toISOString() ?? null,
  max_uses: c.maxUses,
  per_customer_uses: c.perCustomerUses,
  customer_id: c.customerId,
});

const promotionAudit = (p: typeof promotions.$inferSelect) => ({
  model_id: p.modelId,
  value: p.value,
  min_qty: p.minQty,
  gifted_units: p.giftedUnits,
  mixed_series: p.mixedSeries,
  starts_at: p.startsAt.toISOString(),
  ends_at: p.endsAt?.toISOString() ?? null,
});

export function createStaffPromotions() {
  const mayWrite = (ctx: StaffContext) => {
    if (!can(ctx.staff.roles, "promotions:write")) throw forbidden("admin.permission_denied");
  };

  /** Coupons matching `where`, newest first, at most `limit`, with their use figures. */
  async function couponRows(q: Db, where: SQL | undefined, limit: number, now: Date): Promise<StaffCoupon[]> {
    // qualified by hand: a select list prints columns bare, which a subquery would read as its own table's
    const id = sql.raw(`"coupons"."id"`);
    const used = sql`o.coupon_id = ${id} and o.status <> 'cancelled'`;
    const rows = await q
      .select({
        c: coupons,
        customers: sql<string[]>`array(select n from (
          select cu.client_number as n from ${customers} cu where cu.id = ${sql.raw(`"coupons"."customer_id"`)}
          union select cu.client_number from ${couponCustomers} x join ${customers} cu on cu.id = x.customer_id
          where x.coupon_id = ${id}) a order by n)`,
        orders: sql<number>`(select count(*)::int from ${orders} o where ${used})`,
        buyers: sql<number>`(select count(distinct o.customer_id)::int from ${orders} o where ${used})`,
        discount: sql<string>`(select coalesce(sum(o.discount_amount), 0)::text from ${orders} o where ${used})`,
      })
      .from(coupons)
      .where(where)
      .orderBy(desc(coupons.id))
      .limit(limit);
    return rows.map(({ c, customers: chosen, orders: n, buyers, discount }) => ({
      id: c.id,
      code: c.code,
      value: c.value,
      amount: c.amount,
      min_amount: c.minAmount,
      ...iso({ starts_at: c.startsAt, ends_at: c.endsAt }),
      max_uses: c.maxUses,
      uses: c.uses,
      per_customer_uses: c.perCustomerUses,
      customers: chosen,
      orders: n,
      buyers,
      discount,
      state: c.uses >= c.maxUses ? "used" : periodState({ starts_at: c.startsAt, ends_at: c.endsAt }, now),
    }));
  }

  /** The uses of one coupon per customer (orders placed with it, cancelled ones not counted), most first. */
  async function couponBuyers(q: Db, id: number): Promise<{ rows: CouponBuyer[]; more: boolean }> {
    const rows = await q
      .select({
        id: customers.id,
        client_number: customers.clientNumber,
        company: customers.company,
        orders: sql<number>`count(*)::int`,
        discount: sql<string>`sum(${orders.discountAmount})::text`,
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(and(eq(orders.couponId, id), ne(orders.status, "cancelled")))
      .groupBy(customers.id)
      .orderBy(sql`count(*) desc`, customers.clientNumber)
      .limit(BUYERS_MAX + 1);
    return { rows: rows.slice(0, BUYERS_MAX), more: rows.length > BUYERS_MAX };
  }

  /** The coupons of the filter, newest first, with their use figures; `more` when past LIST_MAX. */
  async function coupons_(q: Db, status: PromotionListStatus, now = new Date()): Promise<{ rows: StaffCoupon[]; more: boolean }> {
    const rows = await couponRows(q, listFilter(status, couponOver), LIST_MAX + 1, now);
    return { rows: rows.slice(0, LIST_MAX), more: rows.length > LIST_MAX };
  }

  /** One coupon with its figures (the form's values), or null. */
  async function coupon(q: Db, id: number, now = new Date()): Promise<StaffCoupon | null> {
    return (await couponRows(q, eq(coupons.id, id), 1, now))[0] ?? null;
  }

  /** Creates the coupon (no `id`) or changes it; answers its id. A code is unique whatever its case. */
  async function saveCoupon(ctx: StaffContext, f: CouponFields, now = new Date()): Promise<{ id: number }> {
    mayWrite(ctx);
    if (f.id === undefined && f.to !== null && f.to < shopToday(now)) throw refused("promotions.period_past");
    const { startsAt, endsAt } = periodOf(f.from, f.to);
    try {
      return await staffWrite(ctx, async ({ db }, audit) => {
        // the chosen customers by client number, every one known (the list replaces any former owner)
        const chosen = f.customers.length
          ? await db
              .select({ id: customers.id, n: customers.clientNumber })
              .from(customers)
              .where(inArray(sql`upper(${customers.clientNumber})`, f.customers))
          : [];
        const known = new Set(chosen.map((c) => c.n.toUpperCase()));
        const unknown = f.customers.filter((n) => !known.has(n));
        if (unknown.length) throw refused("promotions.customers_unknown", { numbers: unknown.slice(0, 10).join(", ") });
        const sameCode = sql`upper(${coupons.code}) = ${f.code}`;
        const [taken] = await db
          .select({ id: coupons.id })
          .from(coupons)
          .where(f.id === undefined ? sameCode : and(sameCode, ne(coupons.id, f.id)));
        if (taken) throw refused("promotions.code_taken");
        const set = {
          code: f.code,
          customerId: null,
          value: f.value,
          amount: f.amount,
          minAmount: f.min_amount,
          startsAt,
          endsAt,
          maxUses: f.max_uses,
          perCustomerUses: f.per_customer,
        };
        const ids = chosen.map((c) => c.id).sort((a, b) => a - b);
        /** Writes the coupon's chosen customers; answers the audited list (client numbers). */
        const choose = async (couponId: number) => {
          await db.delete(couponCustomers).where(eq(couponCustomers.couponId, couponId));
          if (ids.length) await db.insert(couponCustomers).values(ids.map((customerId) => ({ couponId, customerId })));
          return chosen.map((c) => c.n).sort();
        };
        if (f.id === undefined) {
          const [row] = await db.insert(coupons).values(set).returning();
          const after = { ...couponAudit(row), customers: await choose(row.id) };
          await audit({ entity: "coupon", id: row.id, action: "create", after });
          return { id: row.id };
        }
        const [before] = await db.select().from(coupons).where(eq(coupons.id, f.id)).for("update");
        if (!before) throw notFound("promotions.coupon_not_found");
        // Uses already counted stay counted: the total cannot go below them.
        if (f.max_uses < before.uses) throw refused("promotions.uses_below_used", { uses: before.uses });
        const [row] = await db.update(coupons).set(set).where(eq(coupons.id, f.id)).returning();
        const formerly = await db
          .select({ n: customers.clientNumber })
          .from(couponCustomers)
          .innerJoin(customers, eq(customers.id, couponCustomers.customerId))
          .where(eq(couponCustomers.couponId, row.id))
          .orderBy(customers.clientNumber);
        const after = { ...couponAudit(row), customers: await choose(row.id) };
        await audit({
          entity: "coupon",
          id: row.id,
          action: "update",
          before: { ...couponAudit(before), customers: formerly.map((c) => c.n) },
          after,
        });
        return { id: row.id };
      });
    } catch (e) {
      // Two staff creating the same code at once: the unique index decides.
      if (isUniqueViolation(e)) throw refused("promotions.code_taken");
      throw e;
    }
  }

  /** Ends the coupon now: the checkout refuses it from this commit on (a cart holding it can no longer be ordered). */
  async function endCoupon(ctx: StaffContext, id: number): Promise<void> {
    mayWrite(ctx);
    await staffWrite(ctx, async ({ db }, audit) => {
      // No lock before the guarded update: ending one already over writes nothing (and needs no audit row).
      const [before] = await db.select().from(coupons).where(eq(coupons.id, id));
      if (!before) throw notFound("promotions.coupon_not_found");
      const [row] = await db
        .update(coupons)
        .set(endNow)
        .where(and(eq(coupons.id, id), or(isNull(coupons.endsAt), gt(coupons.endsAt, sql`now()`))))
        .returning();
      if (!row) return; // already over: nothing to do
      await audit({ entity: "coupon", id, action: "end", before: couponAudit(before), after: couponAudit(row) });
    });
  }

  /** Model promotions matching `where`, newest first, with the model's reference and product name in `lang`. */
  async function promotionRows(q: Db, where: SQL | undefined, lang: Lang, limit: number, now: Date): Promise<StaffPromotion[]> {
    const rows = await q
      .select({ p: promotions, reference: models.reference, product: productTranslations.name })
      .from(promotions)
      .innerJoin(models, eq(models.id, promotions.modelId))
      .leftJoin(productTranslations, and(eq(productTranslations.productId, models.productId), eq(productTranslations.lang, lang)))
      .where(and(eq(promotions.type, MODEL_PROMOTION), where))
      .orderBy(desc(promotions.id))
      .limit(limit);
    return rows.map(({ p, reference, product }) => ({
      id: p.id,
      reference,
      product: product ?? "",
      value: p.value,
      min_qty: p.minQty,
      gifted_units: p.giftedUnits,
      series: p.mixedSeries,
      ...iso({ starts_at: p.startsAt, ends_at: p.endsAt }),
      state: periodState({ starts_at: p.startsAt, ends_at: p.endsAt }, now),
    }));
  }

  /** The model promotions of the filter, newest first; `more` when past LIST_MAX. */
  async function promotions_(
    q: Db,
    status: PromotionListStatus,
    lang: Lang,
    now = new Date(),
  ): Promise<{ rows: StaffPromotion[]; more: boolean }> {
    const rows = await promotionRows(q, listFilter(status, promotionOver), lang, LIST_MAX + 1, now);
    return { rows: rows.slice(0, LIST_MAX), more: rows.length > LIST_MAX };
  }

  /** One model promotion (the form's values), or null. */
  async function promotion(q: Db, id: number, lang: Lang, now = new Date()): Promise<StaffPromotion | null> {
    return (await promotionRows(q, eq(promotions.id, id), lang, 1, now))[0] ?? null;
  }

  /**
   * Creates the model promotion (no `id`) or changes it. The model is found by its reference and locked, so two
   * writes for one model are checked one after the other: a model has at most one promotion at any moment from now
   * on (the cart reads one), and a mixed series gathers models of one product (the product page shows them together).
   */
  async function savePromotion(ctx: StaffContext, f: PromotionFields, now = new Date()): Promise<{ id: number }> {
    mayWrite(ctx);
    if (f.id === undefined && f.to !== null && f.to < shopToday(now)) throw refused("promotions.period_past");
    const { startsAt, endsAt } = periodOf(f.from, f.to);
    return staffWrite(ctx, async ({ db }, audit) => {
      const [model] = await db
        .select({ id: models.id, productId: models.productId })
        .from(models)
        .where(sql`upper(${models.reference}) = upper(${f.reference})`)
        .for("update");
      if (!model) throw refused("promotions.reference_unknown");
      const before =
        f.id === undefined
          ? null
          : (
              await db
                .select()
                .from(promotions)
                .where(and(eq(promotions.id, f.id), eq(promotions.type, MODEL_PROMOTION)))
                .for("update")
            )[0];
      if (f.id !== undefined && !before) throw notFound("promotions.promotion_not_found");
      const overlapping = and(
        eq(promotions.modelId, model.id),
        eq(promotions.type, MODEL_PROMOTION),
        f.id === undefined ? undefined : ne(promotions.id, f.id),
        // only what is still ahead can clash: a promotion ended today does not keep the day from a new one
        or(isNull(promotions.endsAt), sql`${promotions.endsAt} > greatest(${startsAt}::timestamptz, now())`),
        endsAt === null ? undefined : sql`${promotions.startsAt} < ${endsAt}`,
      );
      const [clash] = await db.select({ id: promotions.id }).from(promotions).where(overlapping);
      if (clash) throw refused("promotions.promotion_overlap");
      if (f.series !== null) {
        const [{ n }] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(models)
          .where(eq(models.productId, model.productId));
        if (n < 2) throw refused("promotions.series_single_model");
        const [other] = await db
          .select({ id: promotions.id })
          .from(promotions)
          .innerJoin(models, eq(models.id, promotions.modelId))
          .where(
            and(
              eq(promotions.mixedSeries, f.series),
              ne(models.productId, model.productId),
              or(isNull(promotions.endsAt), gt(promotions.endsAt, sql`now()`)),
            ),
          );
        if (other) throw refused("promotions.series_other_product");
      }
      const set = {
        modelId: model.id,
        value: f.value,
        minQty: f.min_qty,
        giftedUnits: f.gifted_units,
        mixedSeries: f.series,
        startsAt,
        endsAt,
      };
      if (!before) {
        const [row] = await db
          .insert(promotions)
          .values({ ...set, type: MODEL_PROMOTION })
          .returning();
        await audit({ entity: "promotion", id: row.id, action: "create", after: promotionAudit(row) });
        return { id: row.id };
      }
      const [row] = await db.update(promotions).set(set).where(eq(promotions.id, before.id)).returning();
      await audit({ entity: "promotion", id: row.id, action: "update", before: promotionAudit(before), after: promotionAudit(row) });
      return { id: row.id };
    });
  }

  /** Ends the model promotion now: the product pages and carts price without it from this commit on. */
  async function endPromotion(ctx: StaffContext, id: number): Promise<void> {
    mayWrite(ctx);
    await staffWrite(ctx, async ({ db }, audit) => {
      const mine = and(eq(promotions.id, id), eq(promotions.type, MODEL_PROMOTION));
      const [before] = await db.select().from(promotions).where(mine);
      if (!before) throw notFound("promotions.promotion_not_found");
      const [row] = await db
        .update(promotions)
        .set(endNow)
        .where(and(mine, or(isNull(promotions.endsAt), gt(promotions.endsAt, sql`now()`))))
        .returning();
      if (!row) return;
      await audit({ entity: "promotion", id, action: "end", before: promotionAudit(before), after: promotionAudit(row) });
    });
  }

  return {
    coupons: coupons_,
    coupon,
    couponBuyers,
    saveCoupon,
    endCoupon,
    promotions: promotions_,
    promotion,
    savePromotion,
    endPromotion,
  };
}

export type StaffPromotionsService = ReturnType<typeof createStaffPromotions>;
