// Model promotions (decision 144): the list, filtered by the address's `statut`; the owner and the manager create,
// change (`?modifier=<id>`) and end them, each an audited write. A promotion takes a percentage off from a minimum
// quantity and/or gives units per multiple of it (core/cart/promotion.ts); a mixed series names models of one product.
// The product pages and carts show a change at once (the promotions table notifies the read model).
import { useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/promotions";
import { can } from "#core/staff/permissions.ts";
import { promotionFormSchema } from "#core/validation/promotions.ts";
import { daysOf } from "#core/promotions/period.ts";
import { percentOf, percentText } from "#core/promotions/display.ts";
import { decOrZero } from "#core/money.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminPath, requireStaff, staffContext } from "./guard.ts";
import { askedOf, saveOrEnd } from "./promotions-page.ts";
import { titleMeta } from "./meta.ts";
import { EditForm, Field, ListSection, PageHead, RowActions, StateBadge, periodText, type Answer } from "./promotions-ui.tsx";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("promotions.promotions_title");

export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = requireStaff(context, "promotions:read");
  const { db, staffPromotions } = context.services;
  const { status, edit, today } = askedOf(request);
  const canWrite = can(staff.roles, "promotions:write");
  const [list, edited] = await Promise.all([
    staffPromotions.promotions(db, status, context.lang),
    canWrite && edit ? staffPromotions.promotion(db, edit, context.lang) : null,
  ]);
  return { ...list, status, edited, canWrite, today };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = staffContext(context, "promotions:write");
  const { staffPromotions } = context.services;
  return saveOrEnd(context.lang, request, promotionFormSchema, {
    save: (f) => staffPromotions.savePromotion(ctx, f),
    end: (id) => staffPromotions.endPromotion(ctx, id),
  });
}

const COLUMNS = ["col_model", "col_product", "col_min_qty", "col_offer", "col_series", "col_period", "col_state"];

export default function AdminPromotions() {
  const { t, lang } = useT();
  const { rows, more, status, edited, canWrite, today } = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const list = adminPath(lang, "/promotions");
  const days = edited ? daysOf(edited) : null;
  const fields = answer?.fields;
  const offer = (p: (typeof rows)[number]) =>
    [
      decOrZero(p.value).isZero() ? null : `−${percentText(p.value, lang)}`,
      p.gifted_units ? t("promotions.offer_gift", { count: p.gifted_units, min: p.min_qty }) : null,
    ]
      .filter(Boolean)
      .join(" + ");
  return (
    <div className="flex flex-col gap-6">
      <PageHead title="promotions.promotions_title" intro="promotions.promotions_intro" canWrite={canWrite} answer={answer} />
      {canWrite && (
        <EditForm
          title={edited ? t("promotions.edit_promotion", { reference: edited.reference }) : t("promotions.new_promotion")}
          editedId={edited?.id}
          back={`${list}?statut=${status}`}
          answer={answer}
        >
          <Field
            name="reference"
            label="promotions.field_reference"
            fields={fields}
            defaultValue={edited?.reference}
            required
            maxLength={40}
          />
          <Field
            name="min_qty"
            label="promotions.field_min_qty"
            fields={fields}
            inputMode="numeric"
            required
            defaultValue={String(edited?.min_qty ?? 1)}
          />
          <Field
            name="percent"
            label="promotions.field_percent"
            fields={fields}
            inputMode="decimal"
            defaultValue={edited && !decOrZero(edited.value).isZero() ? percentOf(edited.value) : ""}
          />
          <Field
            name="gifted_units"
            label="promotions.field_gifted_units"
            fields={fields}
            inputMode="numeric"
            defaultValue={edited?.gifted_units ? String(edited.gifted_units) : ""}
          />
          <Field name="series" label="promotions.field_series" fields={fields} defaultValue={edited?.series ?? ""} maxLength={40} />
          <Field name="from" label="promotions.field_from" fields={fields} type="date" required defaultValue={days?.from ?? today} />
          <Field name="to" label="promotions.field_to" fields={fields} type="date" defaultValue={days?.to ?? ""} />
        </EditForm>
      )}
      <ListSection
        title="promotions.list_promotions"
        base={list}
        status={status}
        columns={COLUMNS}
        canWrite={canWrite}
        count={rows.length}
        more={more}
      >
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
            {canWrite && <RowActions id={p.id} edit={`${list}?statut=${status}&modifier=${p.id}`} endable={p.state !== "ended"} />}
          </tr>
        ))}
      </ListSection>
    </div>
  );
}
