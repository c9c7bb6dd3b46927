// Coupons (decisions 144, 150): the list with each code's use figures (uses, orders, customers who used it, what it
// took off), filtered by the address's `statut`; the owner and the manager create, change (`?modifier=<id>`) and end
// them, each an audited write. `?modifier=<id>` also shows the coupon's uses per customer (to readers as well).
// The form's fields are read by core/validation/promotions.ts; the checkout applies the coupon from the next request.
import { useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/coupons";
import { can } from "#core/staff/permissions.ts";
import { couponFormSchema } from "#core/validation/promotions.ts";
import { daysOf } from "#core/promotions/period.ts";
import { percentOf, percentText } from "#core/promotions/display.ts";
import { formatPrice } from "#core/price-format.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminPath, requireStaff, staffContext } from "./guard.ts";
import { askedOf, saveOrEnd } from "./promotions-page.ts";
import { titleMeta } from "./meta.ts";
import { EditForm, Field, ListSection, PageHead, RowActions, StateBadge, periodText, type Answer } from "./promotions-ui.tsx";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("promotions.coupons_title");

export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = requireStaff(context, "promotions:read");
  const { db, staffPromotions } = context.services;
  const { status, edit, today } = askedOf(request);
  const canWrite = can(staff.roles, "promotions:write");
  const [list, shown, usage] = await Promise.all([
    staffPromotions.coupons(db, status),
    edit ? staffPromotions.coupon(db, edit) : null,
    edit ? staffPromotions.couponBuyers(db, edit) : { rows: [], more: false },
  ]);
  const edited = canWrite ? shown : null;
  return { ...list, status, edited, shown, usage, canWrite, canSeeCustomers: can(staff.roles, "customers:read"), today };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = staffContext(context, "promotions:write");
  const { staffPromotions } = context.services;
  return saveOrEnd(context.lang, request, couponFormSchema, {
    save: (f) => staffPromotions.saveCoupon(ctx, f),
    end: (id) => staffPromotions.endCoupon(ctx, id),
  });
}

const COLUMNS = [
  "col_code",
  "col_reduction",
  "col_minimum",
  "col_period",
  "col_customer",
  "col_uses",
  "col_per_customer",
  "col_orders",
  "col_buyers",
  "col_discount",
  "col_state",
];

export default function AdminCoupons() {
  const { t, lang } = useT();
  const { rows, more, status, edited, shown, usage, canWrite, canSeeCustomers, today } = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const list = adminPath(lang, "/coupons");
  const days = edited ? daysOf(edited) : null;
  const fields = answer?.fields;
  return (
    <div className="flex flex-col gap-6">
      <PageHead title="promotions.coupons_title" intro="promotions.coupons_intro" canWrite={canWrite} answer={answer} />
      {canWrite && (
        <EditForm
          title={edited ? t("promotions.edit_coupon", { code: edited.code }) : t("promotions.new_coupon")}
          editedId={edited?.id}
          back={`${list}?statut=${status}`}
          answer={answer}
        >
          <Field name="code" label="promotions.field_code" fields={fields} defaultValue={edited?.code} required maxLength={40} />
          <label className="flex flex-col gap-1 text-sm">
            <span className="font-medium">{t("promotions.field_kind")}</span>
            <select name="kind" defaultValue={edited?.amount ? "amount" : "percent"} className="rounded border border-line px-2 py-1">
              <option value="percent">{t("promotions.kind_percent")}</option>
              <option value="amount">{t("promotions.kind_amount")}</option>
            </select>
          </label>
          <Field
            name="value"
            label="promotions.field_value"
            fields={fields}
            inputMode="decimal"
            required
            defaultValue={edited ? (edited.amount ?? percentOf(edited.value ?? "0")) : undefined}
          />
          <Field
            name="min_amount"
            label="promotions.field_min_amount"
            fields={fields}
            inputMode="decimal"
            defaultValue={edited?.min_amount ?? "0"}
          />
          <Field name="from" label="promotions.field_from" fields={fields} type="date" required defaultValue={days?.from ?? today} />
          <Field name="to" label="promotions.field_to" fields={fields} type="date" defaultValue={days?.to ?? ""} />
          <Field
            name="max_uses"
            label="promotions.field_max_uses"
            fields={fields}
            inputMode="numeric"
            required
            defaultValue={String(edited?.max_uses ?? 1)}
          />
          <Field
            name="per_customer"
            label="promotions.field_per_customer"
            fields={fields}
            inputMode="numeric"
            defaultValue={edited?.per_customer_uses == null ? "" : String(edited.per_customer_uses)}
          />
          <label className="flex flex-col gap-1 text-sm sm:col-span-2 lg:col-span-4">
            <span className="font-medium">{t("promotions.field_customers")}</span>
            <textarea
              id="field-customers"
              name="customers"
              rows={2}
              defaultValue={edited?.customers.join(" ") ?? ""}
              aria-invalid={fields?.customers ? true : undefined}
              aria-describedby={fields?.customers ? "field-customers-error" : undefined}
              className="rounded border border-line px-2 py-1 font-mono"
            />
            {fields?.customers && (
              <span id="field-customers-error" role="alert" className="text-red-700">
                {t(fields.customers)}
              </span>
            )}
          </label>
        </EditForm>
      )}
      {shown && <CouponUsage code={shown.code} usage={usage} customerPath={canSeeCustomers ? adminPath(lang, "/clients") : null} />}
      <ListSection
        title="promotions.list_coupons"
        base={list}
        status={status}
        columns={COLUMNS}
        canWrite={canWrite}
        count={rows.length}
        more={more}
      >
        {rows.map((c) => (
          <tr key={c.id} className="border-b border-line">
            <th scope="row" className="p-2 font-mono font-medium">
              {c.code}
            </th>
            <td className="p-2">{c.amount ? formatPrice(c.amount, lang, "HT") : percentText(c.value ?? "0", lang)}</td>
            <td className="p-2">{formatPrice(c.min_amount, lang, "HT")}</td>
            <td className="p-2">{periodText(t, daysOf(c), lang)}</td>
            <td className="p-2">{audienceText(t, c.customers)}</td>
            <td className="p-2">{t("promotions.uses_of", { uses: c.uses, max: c.max_uses })}</td>
            <td className="p-2">{c.per_customer_uses ?? t("promotions.no_limit")}</td>
            <td className="p-2">{c.orders}</td>
            <td className="p-2">
              <a href={`${list}?statut=${status}&modifier=${c.id}#usage`} className="underline">
                {c.buyers}
              </a>
            </td>
            <td className="p-2">{formatPrice(c.discount, lang, "HT")}</td>
            <td className="p-2">
              <StateBadge state={c.state} />
            </td>
            {canWrite && (
              <RowActions
                id={c.id}
                edit={`${list}?statut=${status}&modifier=${c.id}`}
                endable={c.state === "running" || c.state === "upcoming"}
              />
            )}
          </tr>
        ))}
      </ListSection>
    </div>
  );
}

/** "Tous les clients", the chosen customers' numbers, or the first ones and how many more. */
function audienceText(t: (key: string, vars?: Record<string, string | number>) => string, numbers: string[]) {
  if (numbers.length === 0) return t("promotions.everyone");
  if (numbers.length <= SHOWN_NUMBERS) return numbers.join(", ");
  return t("promotions.customers_more", { list: numbers.slice(0, SHOWN_NUMBERS).join(", "), count: numbers.length - SHOWN_NUMBERS });
}
const SHOWN_NUMBERS = 3;

type Usage = Awaited<ReturnType<typeof loader>>["usage"];

/** One coupon's uses per customer: orders placed with it (cancelled ones not counted) and what it took off. */
function CouponUsage({ code, usage: { rows, more }, customerPath }: { code: string; usage: Usage; customerPath: string | null }) {
  const { t, lang } = useT();
  return (
    <section id="usage" aria-labelledby="usage-title" className="rounded border border-line bg-white p-4">
      <h2 id="usage-title" className="mb-3 text-lg font-semibold">
        {t("promotions.usage_title", { code })}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{t("promotions.usage_empty")}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="p-2">
                {t("promotions.col_client_number")}
              </th>
              <th scope="col" className="p-2">
                {t("promotions.col_company")}
              </th>
              <th scope="col" className="p-2">
                {t("promotions.col_orders")}
              </th>
              <th scope="col" className="p-2">
                {t("promotions.col_discount")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} className="border-b border-line">
                <th scope="row" className="p-2 font-mono font-medium">
                  {customerPath ? (
                    <a href={`${customerPath}/${encodeURIComponent(r.client_number)}`} className="underline">
                      {r.client_number}
                    </a>
                  ) : (
                    r.client_number
                  )}
                </th>
                <td className="p-2">{r.company ?? ""}</td>
                <td className="p-2">{r.orders}</td>
                <td className="p-2">{formatPrice(r.discount, lang, "HT")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {more && <p className="mt-2 text-sm text-muted">{t("promotions.usage_more", { max: rows.length })}</p>}
    </section>
  );
}
