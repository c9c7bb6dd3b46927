// The order page's edit of lines (admin/order.tsx, decision 140): each line's quantity (0 or "remove" takes it out),
// a model to add by reference; sent, it comes back as a preview — the lines changed, the totals before and after, the
// difference and how the money settles — with a second form that confirms (and, for a paid order whose total goes
// down, the refund's way). A refusal shows here, even when the order can no longer be edited.
import { Form, Link, useLocation } from "react-router";
import { dec } from "#core/money.ts";
import { formatPrice } from "#core/price-format.ts";
import type { EditPreview, EditRefund } from "#core/orders/edit.ts";
import type { OrderLineAnswer } from "#core/contracts/orders.ts";
import { useT } from "#app/lib/i18n.tsx";
import { Field } from "#app/components/account/field.tsx";
import { Failure, SubmitButton } from "./ui.tsx";

/** What the first sending asked, carried by the confirmation's hidden fields. */
export type EditAsked = { lines: { id: number; num: number }[]; add_ref: string; add_num: string };
export type EditConfirm = { preview: EditPreview; asked: EditAsked };

const positive = (v: string) => dec(v).sign() > 0;

export function OrderEdit(props: {
  number: string;
  revision: string;
  lines: OrderLineAnswer[];
  /** The refund ways the staff member may choose (a card refund needs orders:refund). */
  refunds: EditRefund[];
  confirm?: EditConfirm;
  done?: string;
  failure?: string;
  fields?: Record<string, string>;
  busy: boolean;
}) {
  const { t, lang } = useT();
  const here = useLocation().pathname;
  const money = (v: string, label: "HT" | "TTC" = "TTC") => formatPrice(v, lang, label);
  const { confirm } = props;
  if (confirm) {
    const { preview: p, asked } = confirm;
    const rows: [string, keyof EditPreview["before"], "HT" | "TTC"][] = [
      ["orders.goods_ht", "goods_ht", "HT"],
      ["orders.discount", "discount_amount", "HT"],
      ["orders.freight_ht", "freight_ht", "HT"],
      ["orders.total_ht", "total_ht", "HT"],
      ["orders.total_tva", "total_tva", "TTC"],
      ["orders.total_ttc", "total_ttc", "TTC"],
    ];
    const difference = dec(p.after.total_ttc).minus(dec(p.before.total_ttc)).toFixed(2);
    const choices = p.settlements.filter((s) => s.refund === null || props.refunds.includes(s.refund));
    return (
      <section aria-labelledby="order-edit" className="rounded border border-amber-300 bg-amber-50 p-4" data-testid="order-edit-confirm">
        <h2 id="order-edit" className="mb-2 text-lg font-semibold">
          {t("admin.order_edit_confirm_title", { number: props.number })}
        </h2>
        <ul className="mb-3 list-disc pl-5 text-sm">
          {p.lines.map((l) => (
            <li key={`${l.id}-${l.reference}`}>
              {l.before === 0
                ? t("admin.order_edit_line_added", { ref: l.reference, after: String(l.after) })
                : l.after === 0
                  ? t("admin.order_edit_line_removed", { ref: l.reference, before: String(l.before) })
                  : t("admin.order_edit_line", { ref: l.reference, before: String(l.before), after: String(l.after) })}
            </li>
          ))}
        </ul>
        <table className="mb-3 text-sm" data-testid="order-edit-totals">
          <caption className="sr-only">{t("admin.order_edit_totals")}</caption>
          <thead>
            <tr>
              <td />
              <th scope="col" className="px-3 text-right">
                {t("admin.order_edit_before")}
              </th>
              <th scope="col" className="px-3 text-right">
                {t("admin.order_edit_after")}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, key, kind]) => (
              <tr key={key}>
                <th scope="row" className="pr-3 text-left font-normal">
                  {t(label)}
                </th>
                <td className="px-3 text-right">{money(p.before[key], kind)}</td>
                <td className="px-3 text-right">{money(p.after[key], kind)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row" className="pr-3 text-left">
                {t("admin.order_edit_difference")}
              </th>
              <td />
              <td className="px-3 text-right font-semibold" data-testid="order-edit-difference">
                {money(difference)}
              </td>
            </tr>
          </tbody>
        </table>
        <Form method="post" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="edit" />
          <input type="hidden" name="revision" value={p.revision} />
          {asked.lines.map((l) => (
            <span key={l.id}>
              <input type="hidden" name="line_id" value={l.id} />
              <input type="hidden" name="line_num" value={l.num} />
            </span>
          ))}
          <input type="hidden" name="add_ref" value={asked.add_ref} />
          <input type="hidden" name="add_num" value={asked.add_num} />
          <input type="hidden" name="confirm" value="yes" />
          {choices.length === 1 && choices[0].refund === null ? (
            <p className="text-sm">
              {p.status === "unpaid"
                ? t("admin.order_edit_unpaid", { amount: money(p.amount_due) })
                : positive(choices[0].settlement.balance_due)
                  ? t("admin.order_edit_balance", { amount: money(choices[0].settlement.balance_due) })
                  : t("admin.order_edit_nothing")}
            </p>
          ) : (
            <fieldset className="flex flex-col gap-1">
              <legend className="mb-1 text-sm font-medium">{t("admin.order_edit_refund")}</legend>
              {choices.map((c, i) => (
                <label key={c.refund} className="flex items-start gap-2 text-sm">
                  <input type="radio" name="refund" value={c.refund ?? ""} defaultChecked={i === 0} className="mt-1" />
                  <span>
                    {c.refund === "provider"
                      ? t("admin.order_cancel_provider", { amount: money(c.settlement.card_refund) })
                      : t("admin.order_cancel_credit_note", { amount: money(c.settlement.credit_note) })}
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          <div className="flex flex-wrap items-center gap-4">
            <SubmitButton busy={props.busy}>{t("admin.order_edit_confirm")}</SubmitButton>
            <Link to={here} className="text-brand underline">
              {t("admin.order_edit_back")}
            </Link>
          </div>
        </Form>
      </section>
    );
  }
  return (
    <section aria-labelledby="order-edit" className="rounded border border-line bg-white p-4">
      <h2 id="order-edit" className="mb-2 text-lg font-semibold">
        {t("admin.order_edit_title")}
      </h2>
      <p className="mb-3 text-sm text-muted">{t("admin.order_edit_intro")}</p>
      {props.done && (
        <p role="status" className="mb-3 rounded bg-green-50 p-3 text-sm text-green-800">
          {t("admin.order_edited", { amount: money(props.done) })}
        </p>
      )}
      <Failure text={props.failure} />
      {props.fields && Object.keys(props.fields).length > 0 && (
        <ul role="alert" className="mb-3 text-sm text-red-700">
          {[...new Set(Object.values(props.fields))].map((k) => (
            <li key={k}>{t(k)}</li>
          ))}
        </ul>
      )}
      {props.revision && (
        <Form method="post" noValidate className="mt-3 flex flex-col gap-3">
          <input type="hidden" name="intent" value="edit" />
          <input type="hidden" name="revision" value={props.revision} />
          <table className="text-sm">
            <caption className="sr-only">{t("admin.order_edit_title")}</caption>
            <thead>
              <tr>
                <th scope="col" className="pr-3 text-left">
                  {t("orders.line_reference")}
                </th>
                <th scope="col" className="pr-3 text-left">
                  {t("orders.line_designation")}
                </th>
                <th scope="col" className="pr-3 text-right">
                  {t("orders.line_quantity")}
                </th>
                <th scope="col" className="text-left">
                  {t("admin.order_edit_remove")}
                </th>
              </tr>
            </thead>
            <tbody>
              {props.lines.map((l) => (
                <tr key={l.id}>
                  <td className="pr-3">{l.reference}</td>
                  <td className="pr-3">{l.designation}</td>
                  <td className="pr-3 text-right">
                    <input type="hidden" name="line_id" value={l.id} />
                    <input
                      name="line_num"
                      inputMode="numeric"
                      defaultValue={l.num}
                      aria-label={t("admin.order_edit_quantity", { ref: l.reference })}
                      className="w-24 rounded border border-line px-2 py-1 text-right"
                    />
                  </td>
                  <td>
                    <input type="checkbox" name="remove" value={l.id} aria-label={`${t("admin.order_edit_remove")} ${l.reference}`} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="flex flex-wrap gap-4">
            <Field label={t("admin.order_edit_add_ref")} name="add_ref" maxLength={40} error={props.fields?.add_ref} />
            <Field label={t("admin.order_edit_add_num")} name="add_num" inputMode="numeric" error={props.fields?.add_num} />
          </div>
          <div>
            <SubmitButton busy={props.busy}>{t("admin.order_edit_submit")}</SubmitButton>
          </div>
        </Form>
      )}
    </section>
  );
}
