// The back office's one search box (decision 153): orders by number, customers by client number, company, name,
// e-mail, phone or SIRET (the customers' search, customer-search.ts), models by reference or product name; each kind
// only for the staff member allowed to read it. An order number, a client number or a reference typed whole is an
// exact hit: alone, the page goes straight to it.
import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { query } from "#server/db/client.ts";
import type { Lang } from "#core/lang.ts";
import { customerMatch, literal } from "#server/modules/customers/customer-search.ts";
import { iso } from "#server/modules/orders/staff-orders.service.ts";

/** Most rows of each kind. */
export const SEARCH_KIND_MAX = 10;
/** Only letters, digits, dots, dashes and underscores can make an order number or a reference. */
const CODE = /^[A-Za-z0-9._-]+$/;

export type SearchKinds = { orders: boolean; customers: boolean; models: boolean };
export type FoundOrder = {
  number: string;
  placed_at: string;
  status: string;
  cancelled_at: string | null;
  planned: string | null;
  total_ttc: string;
  customer: string;
};
export type FoundCustomer = { client_number: string; company: string | null; name: string; email: string; siret: string | null };
export type FoundModel = { reference: string; name: string; stock: number; product_id: number };
export type StaffSearchResult = {
  orders: FoundOrder[] | null;
  customers: FoundCustomer[] | null;
  models: FoundModel[] | null;
  /** The one exact hit, when there is exactly one. */
  exact:
    | { kind: "order"; number: string }
    | { kind: "customer"; client_number: string }
    | { kind: "model"; product_id: number; name: string }
    | null;
};

export function createStaffSearch() {
  async function orders(q: Db, text: string): Promise<FoundOrder[]> {
    if (!CODE.test(text) || text.length < 3) return [];
    return query<FoundOrder>(
      q,
      sql`select o.number, ${iso(sql`o.created_at`)} as placed_at, o.status, ${iso(sql`o.cancelled_at`)} as cancelled_at,
            o.planned_delivery_date::text as planned, o.total_ttc::text as total_ttc, coalesce(nullif(c.company, ''), c.first_name || ' ' || c.last_name) as customer
          from orders o join customers c on c.id = o.customer_id
          where upper(o.number) like upper(${`%${literal(text)}%`})
          order by upper(o.number) = upper(${text}) desc, o.created_at desc limit ${SEARCH_KIND_MAX}`,
    );
  }

  async function customers(q: Db, text: string): Promise<FoundCustomer[]> {
    return query<FoundCustomer>(
      q,
      sql`select client_number, company, first_name || ' ' || last_name as name, email, siret
          from customers where client_number = upper(${text}) or ${customerMatch(text)}
          order by client_number = upper(${text}) desc, created_at desc, id desc limit ${SEARCH_KIND_MAX}`,
    );
  }

  async function models(q: Db, text: string, lang: Lang): Promise<FoundModel[]> {
    const like = `%${literal(text)}%`;
    return query<FoundModel>(
      q,
      sql`select m.reference, m.stock, m.product_id,
            (select pt.name from product_translations pt where pt.product_id = m.product_id
              order by pt.lang = ${lang} desc, pt.lang = 'fr' desc limit 1) as name
          from models m
          where upper(m.reference) like upper(${like})
            or m.product_id in (select pt.product_id from product_translations pt where pt.name ilike ${like})
          order by upper(m.reference) = upper(${text}) desc, m.reference limit ${SEARCH_KIND_MAX}`,
    );
  }

  /** What `text` finds among the kinds allowed (null: a kind not allowed, never looked for). */
  async function find(q: Db, text: string, kinds: SearchKinds, lang: Lang): Promise<StaffSearchResult> {
    const typed = text.trim();
    const [o, c, m] = await Promise.all([
      kinds.orders ? orders(q, typed) : null,
      kinds.customers ? customers(q, typed) : null,
      kinds.models ? models(q, typed, lang) : null,
    ]);
    const same = (a: string) => a.toUpperCase() === typed.toUpperCase();
    const hits: NonNullable<StaffSearchResult["exact"]>[] = [
      ...(o ?? []).filter((r) => same(r.number)).map((r) => ({ kind: "order" as const, number: r.number })),
      ...(c ?? []).filter((r) => same(r.client_number)).map((r) => ({ kind: "customer" as const, client_number: r.client_number })),
      ...(m ?? []).filter((r) => same(r.reference)).map((r) => ({ kind: "model" as const, product_id: r.product_id, name: r.name })),
    ];
    return { orders: o, customers: c, models: m, exact: hits.length === 1 ? hits[0] : null };
  }

  return { find };
}

export type StaffSearchService = ReturnType<typeof createStaffSearch>;
