// Customer groups and their price lists in the back office (decision 157): the groups with their lists, written by
// those holding catalogue:write, and a customer's group, set by those holding customers:write. Every write is
// audited in its transaction and carries the group's version (a stale form gets 409). A change reaches every
// process at once: the tables notify the read model, and a customer moved to another group has their cart answers
// dropped (server/db/functions.sql).
import { and, asc, eq, sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import type { Lang } from "#core/lang.ts";
import {
  categories,
  categoryTranslations,
  customers,
  models,
  priceGroupCategories,
  priceGroupModels,
  priceGroups,
} from "#server/db/schema/index.ts";
import { can, type Permission } from "#core/staff/permissions.ts";
import { conflict, forbidden, notFound, refused } from "#core/domain-errors.ts";
import type { PriceGroupForm } from "#core/validation/price-groups.ts";
import { staffWrite, type StaffContext } from "#server/modules/staff/audited.ts";

export type StaffPriceGroup = { id: number; name: string; version: number; members: number; models: number; categories: number };
export type PriceGroupDetail = StaffPriceGroup & {
  tiers: { model_id: number; reference: string; min_qty: number; price: string }[];
  percents: { category_id: number; name: string; percent: string }[];
};

const isUniqueViolation = (e: unknown) =>
  (e as { code?: string }).code === "23505" || (e as { cause?: { code?: string } }).cause?.code === "23505";

export function createStaffPriceGroups() {
  const may = (ctx: StaffContext, p: Permission) => {
    if (!can(ctx.staff.roles, p)) throw forbidden("admin.permission_denied");
  };

  async function list(q: Db): Promise<StaffPriceGroup[]> {
    return q
      .select({
        id: priceGroups.id,
        name: priceGroups.name,
        version: priceGroups.version,
        members: sql<number>`(select count(*)::int from ${customers} c where c.price_group_id = ${priceGroups.id})`,
        models: sql<number>`(select count(distinct t.model_id)::int from ${priceGroupModels} t where t.group_id = ${priceGroups.id})`,
        categories: sql<number>`(select count(*)::int from ${priceGroupCategories} c where c.group_id = ${priceGroups.id})`,
      })
      .from(priceGroups)
      .orderBy(asc(sql`lower(${priceGroups.name})`), asc(priceGroups.id));
  }

  async function detail(q: Db, id: number): Promise<PriceGroupDetail | null> {
    const g = (await list(q)).find((r) => r.id === id);
    if (!g) return null;
    const tiers = await q
      .select({
        model_id: priceGroupModels.modelId,
        reference: models.reference,
        min_qty: priceGroupModels.minQty,
        price: priceGroupModels.price,
      })
      .from(priceGroupModels)
      .innerJoin(models, eq(models.id, priceGroupModels.modelId))
      .where(eq(priceGroupModels.groupId, id))
      .orderBy(asc(models.reference), asc(priceGroupModels.minQty));
    const percents = await q
      .select({ category_id: priceGroupCategories.categoryId, name: categoryTranslations.name, percent: priceGroupCategories.percent })
      .from(priceGroupCategories)
      .innerJoin(
        categoryTranslations,
        and(eq(categoryTranslations.categoryId, priceGroupCategories.categoryId), eq(categoryTranslations.lang, "fr")),
      )
      .where(eq(priceGroupCategories.groupId, id))
      .orderBy(asc(categoryTranslations.name));
    return { ...g, tiers, percents };
  }

  /** Locks the group's row, checks its version and bumps it: one writer at a time, a stale form refused. */
  async function claim(tx: Db, id: number, version: number) {
    const [g] = await tx.select().from(priceGroups).where(eq(priceGroups.id, id)).for("update");
    if (!g) throw notFound("pricing.id_invalid");
    if (g.version !== version) throw conflict("pricing.stale");
    await tx
      .update(priceGroups)
      .set({ version: g.version + 1 })
      .where(eq(priceGroups.id, id));
    return g;
  }

  /** One write of the groups page; answers the group's id (none after a deletion). */
  async function save(ctx: StaffContext, f: PriceGroupForm): Promise<{ id: number | null }> {
    may(ctx, "catalogue:write");
    try {
      return await staffWrite(ctx, async ({ db: tx }, audit) => {
        switch (f.intent) {
          case "create": {
            const [g] = await tx.insert(priceGroups).values({ name: f.name }).returning({ id: priceGroups.id });
            await audit({ entity: "price_group", id: g.id, action: "create", after: { name: f.name } });
            return { id: g.id };
          }
          case "rename": {
            const g = await claim(tx, f.id, f.version);
            await tx.update(priceGroups).set({ name: f.name }).where(eq(priceGroups.id, f.id));
            await audit({ entity: "price_group", id: f.id, action: "rename", before: { name: g.name }, after: { name: f.name } });
            return { id: f.id };
          }
          case "delete": {
            const g = await claim(tx, f.id, f.version);
            const [{ n }] = await tx
              .select({ n: sql<number>`count(*)::int` })
              .from(customers)
              .where(eq(customers.priceGroupId, f.id));
            if (n > 0) throw refused("pricing.group_in_use", { count: n });
            await tx.delete(priceGroups).where(eq(priceGroups.id, f.id));
            await audit({ entity: "price_group", id: f.id, action: "delete", before: { name: g.name } });
            return { id: null };
          }
          case "model": {
            await claim(tx, f.id, f.version);
            const [m] = await tx
              .select({ id: models.id, reference: models.reference })
              .from(models)
              .where(sql`upper(${models.reference}) = upper(${f.reference})`)
              .limit(1);
            if (!m) throw refused("pricing.reference_unknown", { ref: f.reference });
            const key = and(eq(priceGroupModels.groupId, f.id), eq(priceGroupModels.modelId, m.id), eq(priceGroupModels.minQty, f.min_qty));
            const [before] = await tx.select({ price: priceGroupModels.price }).from(priceGroupModels).where(key);
            if (f.price === "") await tx.delete(priceGroupModels).where(key);
            else
              await tx
                .insert(priceGroupModels)
                .values({ groupId: f.id, modelId: m.id, minQty: f.min_qty, price: f.price })
                .onConflictDoUpdate({
                  target: [priceGroupModels.groupId, priceGroupModels.modelId, priceGroupModels.minQty],
                  set: { price: f.price },
                });
            await audit({
              entity: "price_group",
              id: f.id,
              action: "model_price",
              before: before ? { reference: m.reference, min_qty: f.min_qty, price: before.price } : null,
              after: f.price === "" ? null : { reference: m.reference, min_qty: f.min_qty, price: f.price },
            });
            return { id: f.id };
          }
          case "category": {
            await claim(tx, f.id, f.version);
            const [c] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, f.category_id));
            if (!c) throw refused("pricing.category_unknown");
            const key = and(eq(priceGroupCategories.groupId, f.id), eq(priceGroupCategories.categoryId, f.category_id));
            const [before] = await tx.select({ percent: priceGroupCategories.percent }).from(priceGroupCategories).where(key);
            if (f.percent === "") await tx.delete(priceGroupCategories).where(key);
            else
              await tx
                .insert(priceGroupCategories)
                .values({ groupId: f.id, categoryId: f.category_id, percent: f.percent })
                .onConflictDoUpdate({
                  target: [priceGroupCategories.groupId, priceGroupCategories.categoryId],
                  set: { percent: f.percent },
                });
            await audit({
              entity: "price_group",
              id: f.id,
              action: "category_percent",
              before: before ? { category_id: f.category_id, percent: before.percent } : null,
              after: f.percent === "" ? null : { category_id: f.category_id, percent: f.percent },
            });
            return { id: f.id };
          }
        }
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw refused("pricing.name_taken");
      throw e;
    }
  }

  /** Puts the customer in a group (null: none); their cart answers are dropped in every process (the customers trigger). */
  async function setCustomerGroup(ctx: StaffContext, customerId: number, groupId: number | null): Promise<void> {
    may(ctx, "customers:write");
    await staffWrite(ctx, async ({ db: tx }, audit) => {
      const [c] = await tx.select({ g: customers.priceGroupId }).from(customers).where(eq(customers.id, customerId)).for("update");
      if (!c) throw notFound();
      if (groupId !== null) {
        // share-locked: the group cannot be deleted before this commits
        const [g] = await tx.select({ id: priceGroups.id }).from(priceGroups).where(eq(priceGroups.id, groupId)).for("share");
        if (!g) throw refused("pricing.id_invalid");
      }
      if (c.g === groupId) return;
      await tx.update(customers).set({ priceGroupId: groupId }).where(eq(customers.id, customerId));
      await audit({
        entity: "customer",
        id: customerId,
        action: "price_group",
        before: { price_group_id: c.g },
        after: { price_group_id: groupId },
      });
    });
  }

  /** The customer's group (null: none). */
  async function groupOf(q: Db, customerId: number): Promise<number | null> {
    const [c] = await q.select({ g: customers.priceGroupId }).from(customers).where(eq(customers.id, customerId));
    return c?.g ?? null;
  }

  /** Every category below the root with its name in `lang` (the French one when missing), by name. */
  async function categoryChoices(q: Db, lang: Lang): Promise<{ id: number; name: string }[]> {
    return query<{ id: number; name: string }>(
      q,
      sql`select c.id, coalesce(t.name, f.name) as name from categories c
          join category_translations f on f.category_id = c.id and f.lang = 'fr'
          left join category_translations t on t.category_id = c.id and t.lang = ${lang}
          where c.level > 0 order by lower(coalesce(t.name, f.name)), c.id`,
    );
  }

  return { list, detail, save, setCustomerGroup, groupOf, categories: categoryChoices };
}

export type StaffPriceGroups = ReturnType<typeof createStaffPriceGroups>;
