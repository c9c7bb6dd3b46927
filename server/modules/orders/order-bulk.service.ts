// Bulk actions on the order queue's selection (core/orders/bulk.ts). An event moves each chosen order through the
// order life, one after another, each its own audited staff write: an order the event cannot move is reported with
// the machine's reason and the others move. The export writes the selection as a CSV file for Excel.
import { eq, inArray } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { customers, orders } from "#server/db/schema/index.ts";
import { can } from "#core/staff/permissions.ts";
import { BULK_PERMISSION, type BulkEvent } from "#core/orders/bulk.ts";
import type { OrderStatus } from "#core/orders/life.ts";
import { forbidden, isDomainError, type Vars } from "#core/domain-errors.ts";
import { translate, type Lang } from "#core/i18n/messages.ts";
import { csvText } from "#core/csv.ts";
import { formatDate } from "#core/format-date.ts";
import { orderStateLabel } from "#core/order-states.ts";
import type { StaffContext } from "#server/modules/staff/audited.ts";
import type { OrderLifeService } from "./order-life.service.ts";

/** What happened to one order of the selection: its new status, or the refusal's message key. */
export type BulkOutcome =
  | { id: number; number: string; ok: true; status: OrderStatus }
  | { id: number; number: string | null; ok: false; key: string; vars?: Vars };

export function createOrderBulk(orderLife: OrderLifeService) {
  async function apply(ctx: StaffContext, ids: readonly number[], event: BulkEvent): Promise<BulkOutcome[]> {
    if (!can(ctx.staff.roles, BULK_PERMISSION[event])) throw forbidden("admin.permission_denied");
    const found = await ctx.db
      .select({ id: orders.id, number: orders.number })
      .from(orders)
      .where(inArray(orders.id, [...ids]));
    const numbers = new Map(found.map((o) => [o.id, o.number]));
    const outcomes: BulkOutcome[] = [];
    // one at a time: each order is its own transaction (and PGlite has one connection)
    for (const id of ids) {
      const number = numbers.get(id);
      if (number === undefined) {
        outcomes.push({ id, number: null, ok: false, key: "admin.bulk_order_unknown" });
        continue;
      }
      try {
        const { status } = await orderLife.apply(ctx, id, { type: event });
        outcomes.push({ id, number, ok: true, status });
      } catch (e) {
        if (!isDomainError(e)) throw e;
        outcomes.push({ id, number, ok: false, key: e.key, vars: e.vars });
      }
    }
    return outcomes;
  }

  /** The chosen orders as a CSV file in `lang`, in the selection's order; ids of no order are left out. */
  async function exportCsv(q: Db, ids: readonly number[], lang: Lang): Promise<string> {
    const rows = await q
      .select({
        id: orders.id,
        number: orders.number,
        placed: orders.createdAt,
        client_number: customers.clientNumber,
        company: customers.company,
        status: orders.status,
        cancelled_at: orders.cancelledAt,
        planned: orders.plannedDeliveryDate,
        ht: orders.totalHt,
        tva: orders.totalTva,
        ttc: orders.totalTtc,
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(inArray(orders.id, [...ids]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const t = (key: string, vars?: Vars) => translate(lang, key, vars);
    // Excel reads a French decimal comma under a French locale
    const amount = (v: unknown) => (lang === "fr" ? String(v).replace(".", ",") : String(v));
    const header = ["number", "placed", "client_number", "company", "status", "total_ht", "total_tva", "total_ttc"].map((c) =>
      t(`admin.bulk_export_${c}`),
    );
    const lines = ids.flatMap((id) => {
      const r = byId.get(id);
      if (!r) return [];
      const label = orderStateLabel({ status: r.status, cancelled_at: r.cancelled_at, planned_delivery_date: r.planned }, lang);
      return [
        [
          r.number,
          formatDate(r.placed, lang, "datetime"),
          r.client_number,
          r.company,
          t(label.key, label.values),
          amount(r.ht),
          amount(r.tva),
          amount(r.ttc),
        ],
      ];
    });
    return csvText([header, ...lines]);
  }

  return { apply, exportCsv };
}

export type OrderBulkService = ReturnType<typeof createOrderBulk>;
