// Coupons (decision 144): the list with each code's use figures (uses, orders, what it took off), filtered by the
// address's `statut`; the owner and the manager create, change (`?modifier=<id>`) and end them, each an audited write.
// The form's fields are read by core/validation/promotions.ts; the checkout applies the coupon from the next request.
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/coupons";
import { can } from "#core/staff/permissions.ts";
import { couponFormSchema, endSchema, promotionListSchema } from "#core/validation/promotions.ts";
import { daysOf } from "#core/promotions/period.ts";
import { percentOf, percentText } from "#core/promotions/display.ts";
import { shopToday } from "#core/aftersales/deliveries.ts";
import { formatPrice } from "#core/price-format.ts";
import { intField } from "#core/validation/common.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminPath, requireStaff, staffContext } from "./guard.ts";
import { formAction, formFields, parseFields } from "./form.ts";
import { Failure, PageTitle } from "./ui.tsx";
import { titleMeta } from "./meta.ts";
import { FilterLinks, Field, StateBadge, periodText, type Answer } from "./promotions-ui.tsx";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("promotions.coupons_title");

const editedId = intField("x");

export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = requireStaff(context, "promotions:read");
  const { db, staffPromotions } = context.services;
  const params = new URL(request.url).searchParams;
  const { status } = promotionListSchema.parse({ status: params.get("statut") ?? undefined });
  const canWrite = can(staff.roles, "promotions:write");
  const asked = editedId.safeParse(params.get("modifier"));
  const [list, edited] = await Promise.all([
    staffPromotions.coupons(db, status),
    canWrite && asked.success ? staffPromotions.coupon(db, asked.data) : null,
  ]);
  return { ...list, status, edited, canWrite, today: shopToday(new Date()) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = staffContext(context, "promotions:write");
  const fields = await formFields(request);
  const { staffPromotions } = context.services;
  return formAction(context.lang, async () => {
    if (fields.intent === "end") {
      await staffPromotions.endCoupon(ctx, parseFields(endSchema, fields).id);
      return { done: "ended_done" };
    }
    await staffPromotions.saveCoupon(ctx, parseFields(couponFormSchema, fields));
    return { done: "saved" };
  });
}

const button = "rounded bg-brand px-3 py-1 text-sm font-semibold text-white hover:bg-brand-dark disabled:opacity-60";

export default function AdminCoupons() {
  const { t, lang } = useT();
  const { rows, more, status, edited, canWrite, today } = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const busy = useNavigation().state !== "idle";
  const list = adminPath(lang, "/coupons");
  const days = edited ? daysOf(edited) : null;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <PageTitle>{t("promotions.coupons_title")}</PageTitle>
        <p className="text-sm text-muted">{t("promotions.coupons_intro")}</p>
        {!canWrite && <p className="mt-2 text-sm text-muted">{t("promotions.read_only")}</p>}
      </div>
      {answer?.done && (
        <p role="status" className="rounded bg-green-50 p-3 text-sm text-green-800">
          {t(`promotions.${answer.done}`)}
        </p>
      )}
      <Failure text={answer?.failure} />

      {canWrite && (
        <section aria-labelledby="coupon-form-title" className="rounded border border-line bg-white p-4">
          <h2 id="coupon-form-title" className="mb-3 text-lg font-semibold">
            {edited ? t("promotions.edit_coupon", { code: edited.code }) : t("promotions.new_coupon")}
          </h2>
          <Form method="post" key={edited?.id ?? "new"} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {edited && <input type="hidden" name="id" value={edited.id} />}
            <Field name="code" label="promotions.field_code" fields={answer?.fields} defaultValue={edited?.code} required maxLength={40} />
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
              fields={answer?.fields}
              inputMode="decimal"
              required
              defaultValue={edited ? (edited.amount ?? percentOf(edited.value ?? "0")) : undefined}
            />
            <Field
              name="min_amount"
              label="promotions.field_min_amount"
              fields={answer?.fields}
              inputMode="decimal"
              defaultValue={edited?.min_amount ?? "0"}
            />
            <Field
              name="from"
              label="promotions.field_from"
              fields={answer?.fields}
              type="date"
              required
              defaultValue={days?.from ?? today}
            />
            <Field name="to" label="promotions.field_to" fields={answer?.fields} type="date" defaultValue={days?.to ?? ""} />
            <Field
              name="max_uses"
              label="promotions.field_max_uses"
              fields={answer?.fields}
              inputMode="numeric"
              required
              defaultValue={String(edited?.max_uses ?? 1)}
            />
            <Field
              name="customer"
              label="promotions.field_customer"
              fields={answer?.fields}
              type="email"
              defaultValue={edited?.customer ?? ""}
              maxLength={254}
            />
            <div className="flex items-end gap-3 sm:col-span-2 lg:col-span-4">
              <button type="submit" name="intent" value="save" disabled={busy} className={button}>
                {t("promotions.save")}
              </button>
              {edited && (
                <Link to={`${list}?statut=${status}`} className="text-sm text-brand underline">
                  {t("promotions.cancel_edit")}
                </Link>
              )}
            </div>
          </Form>
        </section>
      )}

      <section aria-labelledby="coupons-list-title" className="flex flex-col gap-3">
        <h2 id="coupons-list-title" className="sr-only">
          {t("promotions.coupons_title")}
        </h2>
        <FilterLinks base={list} status={status} />
        {rows.length === 0 ? (
          <p className="text-sm text-muted">{t("promotions.list_empty")}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-line">
                  {[
                    "col_code",
                    "col_reduction",
                    "col_minimum",
                    "col_period",
                    "col_customer",
                    "col_uses",
                    "col_orders",
                    "col_discount",
                    "col_state",
                  ].map((c) => (
                    <th key={c} scope="col" className="p-2">
                      {t(`promotions.${c}`)}
                    </th>
                  ))}
                  {canWrite && (
                    <th scope="col" className="p-2">
                      <span className="sr-only">{t("promotions.col_actions")}</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {rows.map((c) => (
                  <tr key={c.id} className="border-b border-line">
                    <th scope="row" className="p-2 font-mono font-medium">
                      {c.code}
                    </th>
                    <td className="p-2">{c.amount ? formatPrice(c.amount, lang, "HT") : percentText(c.value ?? "0", lang)}</td>
                    <td className="p-2">{formatPrice(c.min_amount, lang, "HT")}</td>
                    <td className="p-2">{periodText(t, daysOf(c), lang)}</td>
                    <td className="p-2">{c.customer ?? t("promotions.everyone")}</td>
                    <td className="p-2">{t("promotions.uses_of", { uses: c.uses, max: c.max_uses })}</td>
                    <td className="p-2">{c.orders}</td>
                    <td className="p-2">{formatPrice(c.discount, lang, "HT")}</td>
                    <td className="p-2">
                      <StateBadge state={c.state} />
                    </td>
                    {canWrite && (
                      <td className="flex gap-2 p-2">
                        <Link to={`${list}?statut=${status}&modifier=${c.id}`} className="text-brand underline">
                          {t("promotions.edit")}
                        </Link>
                        {(c.state === "running" || c.state === "upcoming") && (
                          <Form method="post">
                            <input type="hidden" name="id" value={c.id} />
                            <button type="submit" name="intent" value="end" disabled={busy} className="text-red-700 underline">
                              {t("promotions.end")}
                            </button>
                          </Form>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {more && <p className="text-sm text-muted">{t("promotions.list_more", { max: rows.length })}</p>}
      </section>
    </div>
  );
}
