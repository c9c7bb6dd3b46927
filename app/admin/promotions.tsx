// Model promotions (decision 144): the list, filtered by the address's `statut`; the owner and the manager create,
// change (`?modifier=<id>`) and end them, each an audited write. A promotion takes a percentage off from a minimum
// quantity and/or gives units per multiple of it (core/cart/promotion.ts); a mixed series names models of one product.
// The product pages and carts show a change at once (the promotions table notifies the read model).
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/promotions";
import { can } from "#core/staff/permissions.ts";
import { endSchema, promotionFormSchema, promotionListSchema } from "#core/validation/promotions.ts";
import { daysOf } from "#core/promotions/period.ts";
import { percentOf, percentText } from "#core/promotions/display.ts";
import { shopToday } from "#core/aftersales/deliveries.ts";
import { intField } from "#core/validation/common.ts";
import { decOrZero } from "#core/money.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminPath, requireStaff, staffContext } from "./guard.ts";
import { formAction, formFields, parseFields } from "./form.ts";
import { Failure, PageTitle } from "./ui.tsx";
import { titleMeta } from "./meta.ts";
import { FilterLinks, Field, StateBadge, periodText, type Answer } from "./promotions-ui.tsx";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("promotions.promotions_title");

const editedId = intField("x");

export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = requireStaff(context, "promotions:read");
  const { db, staffPromotions } = context.services;
  const params = new URL(request.url).searchParams;
  const { status } = promotionListSchema.parse({ status: params.get("statut") ?? undefined });
  const canWrite = can(staff.roles, "promotions:write");
  const asked = editedId.safeParse(params.get("modifier"));
  const [list, edited] = await Promise.all([
    staffPromotions.promotions(db, status, context.lang),
    canWrite && asked.success ? staffPromotions.promotion(db, asked.data, context.lang) : null,
  ]);
  return { ...list, status, edited, canWrite, today: shopToday(new Date()) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = staffContext(context, "promotions:write");
  const fields = await formFields(request);
  const { staffPromotions } = context.services;
  return formAction(context.lang, async () => {
    if (fields.intent === "end") {
      await staffPromotions.endPromotion(ctx, parseFields(endSchema, fields).id);
      return { done: "ended_done" };
    }
    await staffPromotions.savePromotion(ctx, parseFields(promotionFormSchema, fields));
    return { done: "saved" };
  });
}

const button = "rounded bg-brand px-3 py-1 text-sm font-semibold text-white hover:bg-brand-dark disabled:opacity-60";

export default function AdminPromotions() {
  const { t, lang } = useT();
  const { rows, more, status, edited, canWrite, today } = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const busy = useNavigation().state !== "idle";
  const list = adminPath(lang, "/promotions");
  const days = edited ? daysOf(edited) : null;
  const offer = (p: (typeof rows)[number]) =>
    [
      decOrZero(p.value).isZero() ? null : `−${percentText(p.value, lang)}`,
      p.gifted_units ? t("promotions.offer_gift", { count: p.gifted_units, min: p.min_qty }) : null,
    ]
      .filter(Boolean)
      .join(" + ");
  return (
    <div className="flex flex-col gap-6">
      <div>
        <PageTitle>{t("promotions.promotions_title")}</PageTitle>
        <p className="text-sm text-muted">{t("promotions.promotions_intro")}</p>
        {!canWrite && <p className="mt-2 text-sm text-muted">{t("promotions.read_only")}</p>}
      </div>
      {answer?.done && (
        <p role="status" className="rounded bg-green-50 p-3 text-sm text-green-800">
          {t(`promotions.${answer.done}`)}
        </p>
      )}
      <Failure text={answer?.failure} />

      {canWrite && (
        <section aria-labelledby="promotion-form-title" className="rounded border border-line bg-white p-4">
          <h2 id="promotion-form-title" className="mb-3 text-lg font-semibold">
            {edited ? t("promotions.edit_promotion", { reference: edited.reference }) : t("promotions.new_promotion")}
          </h2>
          <Form method="post" key={edited?.id ?? "new"} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {edited && <input type="hidden" name="id" value={edited.id} />}
            <Field
              name="reference"
              label="promotions.field_reference"
              fields={answer?.fields}
              defaultValue={edited?.reference}
              required
              maxLength={40}
            />
            <Field
              name="min_qty"
              label="promotions.field_min_qty"
              fields={answer?.fields}
              inputMode="numeric"
              required
              defaultValue={String(edited?.min_qty ?? 1)}
            />
            <Field
              name="percent"
              label="promotions.field_percent"
              fields={answer?.fields}
              inputMode="decimal"
              defaultValue={edited && !decOrZero(edited.value).isZero() ? percentOf(edited.value) : ""}
            />
            <Field
              name="gifted_units"
              label="promotions.field_gifted_units"
              fields={answer?.fields}
              inputMode="numeric"
              defaultValue={edited?.gifted_units ? String(edited.gifted_units) : ""}
            />
            <Field
              name="series"
              label="promotions.field_series"
              fields={answer?.fields}
              defaultValue={edited?.series ?? ""}
              maxLength={40}
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
            <div className="flex items-end gap-3">
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

      <section aria-labelledby="promotions-list-title" className="flex flex-col gap-3">
        <h2 id="promotions-list-title" className="sr-only">
          {t("promotions.promotions_title")}
        </h2>
        <FilterLinks base={list} status={status} />
        {rows.length === 0 ? (
          <p className="text-sm text-muted">{t("promotions.list_empty")}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-line">
                  {["col_model", "col_product", "col_min_qty", "col_offer", "col_series", "col_period", "col_state"].map((c) => (
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
                {rows.map((p) => (
                  <tr key={p.id} className="border-b border-line">
                    <th scope="row" className="p-2 font-mono font-medium">
                      {p.reference}
                    </th>
                    <td className="p-2">{p.product}</td>
                    <td className="p-2">{p.min_qty}</td>
                    <td className="p-2">{offer(p)}</td>
                    <td className="p-2">{p.series ?? ""}</td>
                    <td className="p-2">{periodText(t, daysOf(p), lang)}</td>
                    <td className="p-2">
                      <StateBadge state={p.state} />
                    </td>
                    {canWrite && (
                      <td className="flex gap-2 p-2">
                        <Link to={`${list}?statut=${status}&modifier=${p.id}`} className="text-brand underline">
                          {t("promotions.edit")}
                        </Link>
                        {p.state !== "ended" && (
                          <Form method="post">
                            <input type="hidden" name="id" value={p.id} />
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
