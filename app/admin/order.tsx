// An order in the back office: what the customer bought and owes, who they are and when they receive goods, what the
// preparation recorded, its timeline with who did what, the next steps of its life the staff member may take, and
// the staff's internal notes (order-notes.tsx); its invoice and credit notes with their PDFs for the roles that read
// them (order-documents.tsx).
import { Form, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/order";
import { can } from "#core/staff/permissions.ts";
import { EVENT_PERMISSION, FROM, mayCancel, possibleEvents, type OrderStatus, type StaffOrderEvent } from "#core/orders/life.ts";
import { orderCancelSchema, orderEventOf, orderEventSchema } from "#core/validation/order-events.ts";
import { orderNoteSchema } from "#core/validation/order-notes.ts";
import { formatDate } from "#core/format-date.ts";
import { langOfPath } from "#core/slug.ts";
import { translate } from "#core/i18n/translate.ts";
import { useT } from "#app/lib/i18n.tsx";
import { orNotFound } from "#app/lib/loader-errors.ts";
import { Field } from "#app/components/account/field.tsx";
import { OrderLines, StateBadge, TotalsTable } from "#app/components/orders/order-parts.tsx";
import { OrderDelivery, OrderInvoiceAddress, OrderPayment } from "#app/components/orders/order-sections.tsx";
import { forbidden, requireStaff, staffContext } from "./guard.ts";
import { formAction, formFields, parseFields, type FormFailure } from "./form.ts";
import { Failure, PageTitle, SubmitButton } from "./ui.tsx";
import { OrderNotes } from "./order-notes.tsx";
import { ReceivingTimes } from "./receiving-times.tsx";
import { OrderCancel, type CancelConfirm } from "./order-cancel.tsx";
import { OrderPayments } from "./order-payments.tsx";
import { OrderDocuments } from "./order-documents.tsx";
import { OrderEdit, type EditConfirm } from "./order-edit.tsx";
import { editRevision, isEditable, type EditRefund } from "#core/orders/edit.ts";
import { orderEditInput, orderEditSchema } from "#core/validation/order-edit.ts";
import { dec } from "#core/money.ts";
import { formatPrice } from "#core/price-format.ts";
import { orderCreditSchema } from "#core/validation/return-desk.ts";
import { ORDER_REFUND_PERMISSION } from "#core/aftersales/return-desk.ts";
import { OrderCredit, type CreditDone } from "./order-credit.tsx";

export const handle = { personal: true };

export const meta: Route.MetaFunction = ({ location, params }) => [
  {
    title: `${translate(langOfPath(location.pathname), "orders.detail_title", { number: params.number })} — ${translate(langOfPath(location.pathname), "common.brand")}`,
  },
];

/** The steps this page offers: the order life's staff events. */
const STEPS: StaffOrderEvent["type"][] = ["start_preparation", "mark_ready", "ship", "deliver", "hand_over"];

export async function loader({ context, params }: Route.LoaderArgs) {
  const staff = requireStaff(context, "orders:read");
  const d = await orNotFound(context.services.orderLife.detail(context.services.db, params.number, context.lang));
  const life = { status: d.order.status as OrderStatus, pickup: d.order.pickup_method === 2 };
  const steps = possibleEvents(life).filter(
    (e): e is StaffOrderEvent["type"] => (STEPS as string[]).includes(e) && can(staff.roles, EVENT_PERMISSION[e]!),
  );
  // the ways to cancel the order that it and the staff member allow, each with what it gives back
  const cancel =
    can(staff.roles, "orders:cancel") && FROM.cancel.includes(life.status)
      ? (await context.services.orderLife.cancelOptions(context.services.db, d.order.id)).filter((o) => mayCancel(staff.roles, o.refund))
      : [];
  const notes = await context.services.orderNotes.list(context.services.db, d.order.id);
  // the edit of lines, while the order is before its preparation and the staff member may edit it
  const edit =
    can(staff.roles, "orders:edit") && isEditable(life.status)
      ? {
          revision: editRevision({ status: life.status, total_ttc: d.order.total_ttc, balance_due: d.balance_due, lines: d.order.lines }),
          refunds: (can(staff.roles, "orders:refund") ? ["provider", "credit_note"] : ["credit_note"]) as EditRefund[],
        }
      : null;
  // the invoice and credit notes, for the roles that read them; the customer's invoice link is of no use here
  const invoices = can(staff.roles, "invoices:read");
  const { documents, db } = context.services;
  const papers = invoices ? await documents.orderPapers(db, d.order, context.lang) : null;
  // money given back by hand, for the roles that give it: what the order may still give back, and by which ways
  const credit = await context.services.returnDesk.orderCreditOptions(db, d.order.id, staff.roles);
  return {
    ...d,
    order: { ...d.order, invoice_number: invoices ? d.order.invoice_number : null, invoice_url: null },
    steps,
    cancel,
    notes,
    edit,
    canNote: can(staff.roles, "orders:edit"),
    credit,
    papers: papers && { invoice: papers.invoice, credit_notes: can(staff.roles, "credit_notes:read") ? papers.credit_notes : null },
  };
}

/** An edit sent: without `confirm`, the preview (the confirmation step); with it, done. */
async function editAction({ context, params }: Route.ActionArgs, fields: Record<string, unknown>) {
  const ctx = staffContext(context, "orders:edit");
  const form = parseFields(orderEditSchema, fields);
  const input = orderEditInput(form);
  if (input.refund === "provider" && !can(ctx.staff.roles, "orders:refund")) throw forbidden();
  const { orderEdit, orderLife, db } = context.services;
  const { order } = await orNotFound(orderLife.detail(db, params.number, context.lang));
  if (form.confirm !== "yes") {
    const preview = await orderEdit.preview(db, order.id, input);
    const asked = { lines: input.lines, add_ref: form.add_ref ?? "", add_num: form.add_num === undefined ? "" : String(form.add_num) };
    return { editConfirm: { preview, asked } satisfies EditConfirm, form: "edit" };
  }
  const done = await orderEdit.edit(ctx, order.id, input);
  return { edited: done.total_after, form: "edit" };
}

/** A cancellation sent: without `confirm`, what it would give back (the confirmation step); with it, done. */
async function cancelAction({ context, params }: Route.ActionArgs, fields: Record<string, unknown>) {
  const ctx = staffContext(context, "orders:cancel");
  const input = parseFields(orderCancelSchema, fields);
  if (!mayCancel(ctx.staff.roles, input.refund)) throw forbidden();
  const { orderLife, db } = context.services;
  const { order } = await orNotFound(orderLife.detail(db, params.number, context.lang));
  if (input.confirm !== "yes") {
    const settlement = await orderLife.cancelPreview(db, order.id, input.refund);
    return { confirm: { refund: input.refund, reason: input.reason, ...settlement } satisfies CancelConfirm };
  }
  const { status } = await orderLife.cancel(ctx, order.id, { refund: input.refund, reason: input.reason });
  return { done: status };
}

export async function action(args: Route.ActionArgs) {
  const { context, params, request } = args;
  requireStaff(context, "orders:read"); // a visitor or a role without orders learns nothing from the form's answer
  const fields = await formFields(request);
  if (fields.intent === "note") {
    const ctx = staffContext(context, "orders:edit");
    return formAction(
      context.lang,
      async () => {
        const { note } = parseFields(orderNoteSchema, fields);
        const { order } = await orNotFound(context.services.orderLife.detail(context.services.db, params.number, context.lang));
        await context.services.orderNotes.add(ctx, order.id, note);
        return { noted: true, form: "note" };
      },
      "note",
    );
  }
  if (fields.intent === "credit") {
    const ctx = staffContext(context, ORDER_REFUND_PERMISSION[fields.way === "card" ? "card" : "credit_note"]);
    return formAction(
      context.lang,
      async () => {
        const input = parseFields(orderCreditSchema, fields);
        const { order } = await orNotFound(context.services.orderLife.detail(context.services.db, params.number, context.lang));
        const done = await context.services.returnDesk.orderCredit(ctx, order.id, input);
        return { credited: { way: done.way, number: done.number, amount_ttc: done.amount_ttc } satisfies CreditDone, form: "credit" };
      },
      "credit",
    );
  }
  if (fields.intent === "cancel") return formAction(context.lang, () => cancelAction(args, fields), "cancel");
  if (fields.intent === "edit") return formAction(context.lang, () => editAction(args, fields), "edit");
  return formAction(context.lang, async () => {
    const input = parseFields(orderEventSchema, fields);
    const event = orderEventOf(input);
    const ctx = staffContext(context, EVENT_PERMISSION[event.type]);
    const { order } = await orNotFound(context.services.orderLife.detail(context.services.db, params.number, context.lang));
    const { status } = await context.services.orderLife.apply(ctx, order.id, event);
    return { done: status };
  });
}

export default function AdminOrder() {
  const { t, lang } = useT();
  const {
    order: o,
    customer,
    receiving,
    facts,
    timeline,
    steps,
    cancel,
    payments,
    refunds,
    notes,
    canNote,
    edit,
    balance_due,
    papers,
    credit,
  } = useLoaderData<typeof loader>();
  const answer = useActionData<
    FormFailure & {
      done?: string;
      noted?: boolean;
      confirm?: CancelConfirm;
      editConfirm?: EditConfirm;
      edited?: string;
      credited?: CreditDone;
    }
  >();
  const cancelling = answer?.form === "cancel" ? answer : undefined;
  const editing = answer?.form === "edit" ? answer : undefined;
  const crediting = answer?.form === "credit" ? answer : undefined;
  // the answer of a step's form (the note, the cancellation and the edit show theirs in their own sections)
  const stepAnswer = answer?.form === "note" || answer?.form === "cancel" || answer?.form === "edit" || crediting ? undefined : answer;
  const busy = useNavigation().state !== "idle";
  const stateText = (status: string) => t(`orders.state_${status}`);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <PageTitle>{t("orders.detail_title", { number: o.number })}</PageTitle>
        <p className="flex flex-wrap items-center gap-3">
          <span>{t("orders.placed_on", { date: formatDate(o.created_at, lang, "long") })}</span>
          <StateBadge state={o.state} />
        </p>
      </div>

      <section aria-labelledby="order-next" className="rounded border border-line bg-white p-4">
        <h2 id="order-next" className="mb-3 text-lg font-semibold">
          {t("admin.order_next_steps")}
        </h2>
        {stepAnswer?.done && (
          <p role="status" className="mb-3 rounded bg-green-50 p-3 text-sm text-green-800">
            {t("admin.order_moved", { state: stateText(stepAnswer.done) })}
          </p>
        )}
        <Failure text={stepAnswer?.failure} />
        {steps.length === 0 && <p className="text-sm text-muted">{t("admin.order_no_step")}</p>}
        <div className="flex flex-wrap items-start gap-6">
          {steps.includes("start_preparation") && (
            <Form method="post">
              <input type="hidden" name="intent" value="start_preparation" />
              <SubmitButton busy={busy}>{t("admin.order_start_preparation")}</SubmitButton>
            </Form>
          )}
          {steps.includes("mark_ready") && (
            <Form method="post" noValidate className="flex max-w-xs flex-col gap-3">
              <input type="hidden" name="intent" value="mark_ready" />
              <Field
                label={t("admin.order_parcels")}
                name="parcels"
                inputMode="numeric"
                defaultValue="0"
                error={stepAnswer?.fields?.parcels}
              />
              <Field
                label={t("admin.order_pallets")}
                name="pallets"
                inputMode="numeric"
                defaultValue="0"
                error={stepAnswer?.fields?.pallets}
              />
              <Field label={t("admin.order_weight")} name="weight_kg" inputMode="decimal" error={stepAnswer?.fields?.weight_kg} />
              <SubmitButton busy={busy}>
                {t(o.pickup_method === 2 ? "admin.order_mark_ready_pickup" : "admin.order_mark_ready")}
              </SubmitButton>
            </Form>
          )}
          {steps.includes("ship") && (
            <Form method="post" noValidate className="flex max-w-xs flex-col gap-3">
              <input type="hidden" name="intent" value="ship" />
              <Field label={t("admin.order_carrier")} name="carrier" maxLength={40} error={stepAnswer?.fields?.carrier} />
              <Field label={t("admin.order_tracking")} name="tracking" maxLength={60} error={stepAnswer?.fields?.tracking} />
              <SubmitButton busy={busy}>{t("admin.order_ship")}</SubmitButton>
            </Form>
          )}
          {steps.includes("deliver") && (
            <Form method="post">
              <input type="hidden" name="intent" value="deliver" />
              <SubmitButton busy={busy}>{t("admin.order_deliver")}</SubmitButton>
            </Form>
          )}
          {steps.includes("hand_over") && (
            <Form method="post" noValidate className="flex max-w-xs flex-col gap-3">
              <input type="hidden" name="intent" value="hand_over" />
              <Field label={t("admin.order_picked_up_by")} name="picked_up_by" maxLength={80} error={stepAnswer?.fields?.picked_up_by} />
              <SubmitButton busy={busy}>{t("admin.order_hand_over")}</SubmitButton>
            </Form>
          )}
        </div>
      </section>

      {(cancel.length > 0 || answer?.confirm || cancelling) && (
        <OrderCancel
          number={o.number}
          options={cancel}
          confirm={answer?.confirm}
          failure={cancelling?.failure}
          fields={cancelling?.fields}
          busy={busy}
        />
      )}

      {(edit || editing) && (
        <OrderEdit
          number={o.number}
          revision={edit?.revision ?? ""}
          lines={o.lines}
          refunds={edit?.refunds ?? []}
          confirm={editing?.editConfirm}
          done={editing?.edited}
          failure={editing?.failure}
          fields={editing?.fields}
          busy={busy}
        />
      )}

      <div className="grid gap-4 md:grid-cols-3">
        <section aria-labelledby="order-customer" className="rounded border border-line bg-white p-4">
          <h2 id="order-customer" className="mb-2 text-lg font-semibold">
            {t("admin.order_customer")}
          </h2>
          <p className="font-medium">{customer.company ?? customer.name}</p>
          {customer.company && <p>{customer.name}</p>}
          <p className="text-sm">{customer.client_number}</p>
          <p className="text-sm">
            <a href={`mailto:${customer.email}`} className="text-brand underline">
              {customer.email}
            </a>
          </p>
          {customer.phone && <p className="text-sm">{customer.phone}</p>}
          <ReceivingTimes receiving={receiving} />
        </section>
        <OrderDelivery o={o} />
        <OrderPayment o={o} />
      </div>

      {(facts.parcels !== null || facts.carrier || facts.picked_up_by) && (
        <section aria-labelledby="order-facts" className="rounded border border-line bg-white p-4">
          <h2 id="order-facts" className="mb-2 text-lg font-semibold">
            {t("admin.order_preparation")}
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {facts.parcels !== null && (
              <>
                <dt>{t("admin.order_parcels")}</dt>
                <dd>{facts.parcels}</dd>
                <dt>{t("admin.order_pallets")}</dt>
                <dd>{facts.pallets}</dd>
                <dt>{t("admin.order_weight")}</dt>
                <dd>{lang === "fr" ? facts.weight_kg?.replace(".", ",") : facts.weight_kg}</dd>
              </>
            )}
            {facts.carrier && (
              <>
                <dt>{t("admin.order_carrier")}</dt>
                <dd>{facts.carrier}</dd>
                <dt>{t("admin.order_tracking")}</dt>
                <dd>{facts.tracking_number}</dd>
              </>
            )}
            {facts.picked_up_by && (
              <>
                <dt>{t("admin.order_picked_up_by")}</dt>
                <dd>{facts.picked_up_by}</dd>
              </>
            )}
          </dl>
        </section>
      )}

      <section aria-labelledby="order-lines" className="flex flex-col gap-3">
        <h2 id="order-lines" className="text-lg font-semibold">
          {t("orders.lines_title")}
        </h2>
        <OrderLines lines={o.lines} />
        <div className="flex justify-end">
          <TotalsTable totals={o.totals} credit={o} paid={o.payment !== null} />
        </div>
        {dec(balance_due).sign() > 0 && (
          <p role="status" className="self-end rounded bg-amber-50 p-2 text-sm font-semibold text-amber-900" data-testid="order-balance">
            {t("admin.order_balance_due", { amount: formatPrice(balance_due, lang, "TTC") })}
          </p>
        )}
      </section>
      <OrderInvoiceAddress o={o} />
      <OrderPayments payments={payments} refunds={refunds} />
      {papers && <OrderDocuments orderNumber={o.number} papers={papers} />}
      {credit && (
        <OrderCredit
          left={credit.left}
          ways={credit.ways}
          cardRefundable={credit.card_refundable}
          lines={o.lines}
          done={crediting?.credited}
          failure={crediting?.failure}
          fields={crediting?.fields}
          busy={busy}
        />
      )}

      <OrderNotes notes={notes} canWrite={canNote} answer={answer} busy={busy} />

      <section aria-labelledby="order-timeline" className="rounded border border-line bg-white p-4">
        <h2 id="order-timeline" className="mb-2 text-lg font-semibold">
          {t("admin.order_timeline")}
        </h2>
        {timeline.length === 0 ? (
          <p className="text-sm text-muted">{t("admin.order_timeline_empty")}</p>
        ) : (
          <ol className="flex flex-col gap-1 text-sm">
            {timeline.map((e, i) => (
              <li key={i}>
                <time dateTime={e.at}>{formatDate(e.at, lang, "datetime")}</time> —{" "}
                {e.event === "edit" || e.event === "balance_paid" ? (
                  <MoneyEvent event={e.event} details={e.details} />
                ) : (
                  <>
                    {stateText(e.from)} → <strong>{stateText(e.to)}</strong>
                  </>
                )}
                {e.staff ? ` (${e.staff})` : ""}
                {e.event === "cancel" && <CancelDetails details={e.details} />}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

/** A cancellation's line in the timeline: its refund's way and its reason. */
function CancelDetails({ details }: { details: Record<string, unknown> }) {
  const { t } = useT();
  const refund = typeof details.refund === "string" ? details.refund : "none";
  return (
    <>
      {`, ${t(`admin.order_refund_${refund}`)}`}
      {typeof details.reason === "string" && (
        <span className="block pl-4 italic">{t("admin.order_cancel_confirm_reason", { reason: details.reason })}</span>
      )}
    </>
  );
}

/** An edit's line in the timeline (its total before and after), or the balance it left paid by card. */
function MoneyEvent({ event, details }: { event: string; details: Record<string, unknown> }) {
  const { t, lang } = useT();
  const money = (v: unknown) => formatPrice(typeof v === "string" ? v : "0", lang, "TTC");
  if (event === "balance_paid") return <strong>{t("admin.order_timeline_balance_paid", { amount: money(details.amount) })}</strong>;
  return (
    <>
      <strong>{t("admin.order_timeline_edit")}</strong>
      {`, ${t("admin.order_timeline_edit_total", { before: money(details.total_before), after: money(details.total_after) })}`}
    </>
  );
}
