// The order queue (DESIGN §9): every order, filtered, searched, sorted and paged on the server from the address's
// search parameters (a GET form: it works without JavaScript), each number a link to its order page. The boxes of
// the rows are the selection of the bulk actions (orders-bulk.tsx): the action below moves each ticked order by the
// chosen event, each its own audited write, and answers which moved and which were refused, with why.
import { Form, Link, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/orders";
import { STAFF_ORDER_MODES, STAFF_ORDER_PAGE_SIZES, staffOrderParams, staffOrderQuerySchema } from "#core/validation/staff-orders.ts";
import { ORDER_STATUSES } from "#core/orders/life.ts";
import { BULK_PERMISSION, bulkActionsOf, isBulkEvent } from "#core/orders/bulk.ts";
import { orderBulkSchema } from "#core/validation/order-bulk.ts";
import { refused } from "#core/domain-errors.ts";
import { orderStateLabel } from "#core/order-states.ts";
import { translate } from "#core/i18n/translate.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminPath, requireStaff, staffContext } from "./guard.ts";
import { fieldMessages, formAction, formFields, parseFields, type FormFailure } from "./form.ts";
import { PageTitle } from "./ui.tsx";
import { Pager } from "./pager.tsx";
import { OrdersTable, type QueueAsked } from "./orders-table.tsx";
import { BulkForm, type BulkAnswer } from "./orders-bulk.tsx";
import { titleMeta } from "./meta.ts";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("admin.orders_title");

export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = requireStaff(context, "orders:read");
  const { db, staffOrders, config } = context.services;
  const lang = context.lang;
  const raw = staffOrderParams(new URL(request.url).searchParams);
  const asked: QueueAsked = Object.fromEntries(
    Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v.filter((x) => x.trim() !== "") : (v ?? "").trim()]),
  );
  const parsed = staffOrderQuerySchema.safeParse(raw);
  const errors = fieldMessages(parsed.error);
  const [page, zones, shops] = await Promise.all([
    parsed.success ? staffOrders.list(db, parsed.data, lang) : null,
    staffOrders.zones(db, lang),
    config.shops(lang),
  ]);
  // Texts of other catalogues than the back office's, said here in the page's language (the browser holds only "admin").
  const rows =
    page?.list.map((r) => {
      const label = orderStateLabel({ status: r.status, cancelled_at: r.cancelled_at, planned_delivery_date: r.planned_date }, lang);
      return { ...r, status_label: translate(lang, label.key, label.values), status_tone: label.tone };
    }) ?? [];
  return {
    page: page && { ...page, list: rows },
    sort: parsed.success ? parsed.data.sort : "placed_desc",
    asked,
    errors,
    zones,
    shops: shops.map((s) => ({ id: s.id, name: s.name })),
    statuses: ORDER_STATUSES.map((s) => ({ value: s, label: translate(lang, orderStateLabel({ status: s }, lang).key) })),
    modes: Object.fromEntries(STAFF_ORDER_MODES.map((m) => [m, translate(lang, `checkout.mode_${m}`)])) as Record<string, string>,
    bulk: bulkActionsOf(staff.roles),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  requireStaff(context, "orders:read"); // a visitor or a role without orders learns nothing from the form's answer
  const fields = await formFields(request);
  const lang = context.lang;
  return formAction(lang, async (): Promise<{ bulk: BulkAnswer }> => {
    const { intent, order } = parseFields(orderBulkSchema, fields);
    if (!isBulkEvent(intent)) throw refused("admin.bulk_action_invalid"); // the export has its own address
    const ctx = staffContext(context, BULK_PERMISSION[intent]);
    const outcomes = await context.services.orderBulk.apply(ctx, order, intent);
    const moved = outcomes.flatMap((o) => (o.ok ? [o] : []));
    const label = moved.length ? orderStateLabel({ status: moved[0].status }, lang) : null;
    return {
      bulk: {
        moved: moved.map((o) => o.number),
        state: label ? translate(lang, label.key, label.values) : "",
        refused: outcomes.flatMap((o) => (o.ok ? [] : [{ number: o.number ?? `#${o.id}`, reason: translate(lang, o.key, o.vars) }])),
      },
    };
  });
}

const input = "rounded border border-line px-3 py-2";
const field = "flex flex-col gap-1 text-sm";

export default function AdminOrders() {
  const { t, lang } = useT();
  const { page, sort, asked, errors, zones, shops, statuses, modes, bulk } = useLoaderData<typeof loader>();
  const answer = useActionData<FormFailure & { bulk?: BulkAnswer }>();
  const refusal = answer?.failure ?? (answer?.fields ? t(Object.values(answer.fields)[0]) : undefined);
  const one = (name: string) => (typeof asked[name] === "string" ? (asked[name] as string) : "");
  const chosen = new Set(Array.isArray(asked.status) ? asked.status : []);
  const error = (name: string) =>
    errors[name] ? (
      <span role="alert" id={`${name}-error`} className="text-sm text-red-700">
        {t(errors[name])}
      </span>
    ) : null;
  const described = (name: string) => (errors[name] ? { "aria-invalid": true, "aria-describedby": `${name}-error` } : {});
  /** The queue's address with the filters asked and `change` (a blank value leaves its parameter out). */
  const href = (change: Record<string, string>) => {
    const p = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...asked, ...change }))
      for (const x of Array.isArray(v) ? v : [v]) if (x !== "" && !(k === "page" && x === "1")) p.append(k, x);
    const q = p.toString();
    return adminPath(lang, "/commandes") + (q ? `?${q}` : "");
  };
  return (
    <>
      <PageTitle>{t("admin.orders_title")}</PageTitle>
      <Form method="get" className="mb-6 rounded border border-line bg-white p-4" aria-label={t("admin.orders_filters")}>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <label className={`${field} sm:col-span-2`}>
            <span className="font-medium">{t("admin.orders_search")}</span>
            <input
              type="search"
              name="q"
              defaultValue={one("q")}
              maxLength={100}
              placeholder={t("admin.orders_search_hint")}
              className={input}
              {...described("q")}
            />
            {error("q")}
          </label>
          <label className={field}>
            <span className="font-medium">{t("admin.orders_filter_payment")}</span>
            <select name="payment" defaultValue={one("payment")} className={input} {...described("payment")}>
              <option value="">{t("admin.orders_filter_all")}</option>
              <option value="paid">{t("admin.orders_paid")}</option>
              <option value="unpaid">{t("admin.orders_unpaid")}</option>
            </select>
            {error("payment")}
          </label>
          <label className={field}>
            <span className="font-medium">{t("admin.orders_filter_mode")}</span>
            <select name="mode" defaultValue={one("mode")} className={input} {...described("mode")}>
              <option value="">{t("admin.orders_filter_all")}</option>
              {STAFF_ORDER_MODES.map((m) => (
                <option key={m} value={m}>
                  {modes[m]}
                </option>
              ))}
            </select>
            {error("mode")}
          </label>
          <label className={field}>
            <span className="font-medium">{t("admin.orders_filter_placed_from")}</span>
            <input type="date" name="placed_from" defaultValue={one("placed_from")} className={input} {...described("placed_from")} />
            {error("placed_from")}
          </label>
          <label className={field}>
            <span className="font-medium">{t("admin.orders_filter_placed_to")}</span>
            <input type="date" name="placed_to" defaultValue={one("placed_to")} className={input} {...described("placed_to")} />
            {error("placed_to")}
          </label>
          <label className={field}>
            <span className="font-medium">{t("admin.orders_filter_planned")}</span>
            <input
              type="date"
              name="planned"
              defaultValue={one("planned") === "none" ? "" : one("planned")}
              className={input}
              {...described("planned")}
            />
            {error("planned")}
          </label>
          <label className={`${field} flex-row items-center gap-2 self-end py-2`}>
            <input type="checkbox" name="planned" value="none" defaultChecked={one("planned") === "none"} />
            <span>{t("admin.orders_filter_not_planned")}</span>
          </label>
          <label className={field}>
            <span className="font-medium">{t("admin.orders_filter_zone")}</span>
            <select name="zone" defaultValue={one("zone")} className={input} {...described("zone")}>
              <option value="">{t("admin.orders_filter_all")}</option>
              {zones.map((z) => (
                <option key={z.code} value={z.code}>
                  {z.name}
                </option>
              ))}
            </select>
            {error("zone")}
          </label>
          <label className={field}>
            <span className="font-medium">{t("admin.orders_filter_shop")}</span>
            <select name="shop" defaultValue={one("shop")} className={input} {...described("shop")}>
              <option value="">{t("admin.orders_filter_all")}</option>
              {shops.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
            {error("shop")}
          </label>
          <label className={field}>
            <span className="font-medium">{t("admin.orders_filter_min_ttc")}</span>
            <input name="min_ttc" inputMode="decimal" defaultValue={one("min_ttc")} className={input} {...described("min_ttc")} />
            {error("min_ttc")}
          </label>
          <label className={field}>
            <span className="font-medium">{t("admin.orders_filter_max_ttc")}</span>
            <input name="max_ttc" inputMode="decimal" defaultValue={one("max_ttc")} className={input} {...described("max_ttc")} />
            {error("max_ttc")}
          </label>
        </div>
        <fieldset className="mt-4">
          <legend className="mb-1 text-sm font-medium">{t("admin.orders_filter_status")}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {statuses.map((s) => (
              <label key={s.value} className="flex items-center gap-1">
                <input type="checkbox" name="status" value={s.value} defaultChecked={chosen.has(s.value)} />
                {s.label}
              </label>
            ))}
          </div>
          {error("status")}
        </fieldset>
        {one("customer") && <input type="hidden" name="customer" value={one("customer")} />}
        {one("sort") && <input type="hidden" name="sort" value={one("sort")} />}
        <div className="mt-4 flex flex-wrap items-end gap-4">
          <label className={field}>
            <span className="font-medium">{t("admin.orders_filter_page_size")}</span>
            <select name="page_size" defaultValue={one("page_size") || "20"} className={input} {...described("page_size")}>
              {STAFF_ORDER_PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
            {t("admin.orders_filter_apply")}
          </button>
          <Link to={adminPath(lang, "/commandes")} className="py-2 text-sm">
            {t("admin.orders_filter_reset")}
          </Link>
          {error("customer")}
          {error("sort")}
          {error("page_size")}
          {error("page")}
        </div>
      </Form>
      {page && (
        <>
          <p className="mb-2 text-sm text-muted" aria-live="polite">
            {t(page.capped ? "admin.orders_count_more" : "admin.orders_count", { count: page.total })}
          </p>
          {page.list.length === 0 ? (
            <p className="rounded border border-line bg-white p-4">{t("admin.orders_empty")}</p>
          ) : (
            <BulkForm actions={bulk} answer={answer?.bulk} failure={refusal}>
              <OrdersTable rows={page.list} sort={sort} modes={modes} href={href} />
            </BulkForm>
          )}
          <Pager page={page} label={t("admin.orders_pages")} href={(n) => href({ page: String(n) })} />
        </>
      )}
    </>
  );
}
