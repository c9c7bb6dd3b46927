// A return request in the back office (decision 141): its order and customer, the lines asked back with what came
// back, the customer's reason and comment; then the step its status allows: accept or refuse (with the reason the
// customer reads), receive (per line the quantity and whether it can be sold again), refund the received lines by
// credit note or to the card. The server checks each step's permission and status again.
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/return";
import { can } from "#core/staff/permissions.ts";
import { REFUSAL_REASON_MAX, refundWaysOf } from "#core/aftersales/return-desk.ts";
import { receivedLines, returnReceiveSchema, returnRefundSchema, returnRefuseSchema } from "#core/validation/return-desk.ts";
import { formatDate } from "#core/format-date.ts";
import { formatPrice } from "#core/price-format.ts";
import { translate } from "#core/i18n/translate.ts";
import { langOfPath } from "#core/slug.ts";
import { useT } from "#app/lib/i18n.tsx";
import { orNotFound } from "#app/lib/loader-errors.ts";
import { Field } from "#app/components/account/field.tsx";
import { adminPath, requireStaff, staffContext } from "./guard.ts";
import { formAction, formFields, parseFields, type FormFailure } from "./form.ts";
import { adminCreditNotePath } from "./document-paths.ts";
import { Failure, PageTitle, SubmitButton } from "./ui.tsx";

export const handle = { personal: true };

export const meta: Route.MetaFunction = ({ location, params }) => {
  const lang = langOfPath(location.pathname);
  return [{ title: `${translate(lang, "admin.return_title", { id: params.id })} — ${translate(lang, "common.brand")}` }];
};

/** The request's id from the address, or the 404 page. */
function idOf(raw: string | undefined): number {
  const id = /^\d{1,9}$/.test(raw ?? "") ? Number(raw) : 0;
  if (id < 1) throw new Response(null, { status: 404, statusText: "Not Found" });
  return id;
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const staff = requireStaff(context, "returns:read");
  const { db, returnDesk } = context.services;
  const r = await orNotFound(returnDesk.detail(db, idOf(params.id), context.lang));
  const limit = await returnDesk.cardLimit({ db }); // the owner's, shown; the refund reads it again
  return {
    r,
    canWrite: can(staff.roles, "returns:write"),
    ways: r.status === "received" ? refundWaysOf(staff.roles, r.value, limit) : [],
    limit,
    canPdf: can(staff.roles, "credit_notes:read"),
    serviceLimit: !can(staff.roles, "orders:refund") && can(staff.roles, "returns:write"),
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  requireStaff(context, "returns:read"); // a visitor or a role without returns learns nothing from the form's answer
  const id = idOf(params.id);
  const fields = await formFields(request);
  const { returnDesk } = context.services;
  return formAction(context.lang, async () => {
    switch (fields.intent) {
      case "accept":
        return { done: (await returnDesk.accept(staffContext(context, "returns:write"), id)).status };
      case "refuse": {
        const ctx = staffContext(context, "returns:write");
        const { reason } = parseFields(returnRefuseSchema, fields);
        return { done: (await returnDesk.refuse(ctx, id, reason)).status };
      }
      case "receive": {
        const ctx = staffContext(context, "returns:write");
        const lines = receivedLines(parseFields(returnReceiveSchema, fields));
        return { done: (await returnDesk.receive(ctx, id, lines)).status };
      }
      default: {
        const ctx = staffContext(context, "returns:read"); // the way and the amount decide (the service)
        const { way } = parseFields(returnRefundSchema, fields);
        return { done: (await returnDesk.refund(ctx, id, way)).status };
      }
    }
  });
}

export default function AdminReturn() {
  const { t, lang } = useT();
  const { r, canWrite, ways, canPdf, serviceLimit, limit } = useLoaderData<typeof loader>();
  const answer = useActionData<FormFailure & { done?: string }>();
  const busy = useNavigation().state !== "idle";
  const money = (a: string) => formatPrice(a, lang, "TTC");
  return (
    <div className="flex flex-col gap-6">
      <div>
        <PageTitle>{t("admin.return_title", { id: r.id })}</PageTitle>
        <p className="flex flex-wrap items-center gap-3">
          <span>{t("admin.return_requested_on", { date: formatDate(r.created_at, lang, "datetime") })}</span>
          <strong data-testid="return-status">{r.status_text}</strong>
        </p>
      </div>
      {answer?.done && (
        <p role="status" className="rounded bg-green-50 p-3 text-sm text-green-800">
          {t("admin.return_moved_ok", { status: r.status_text })}
        </p>
      )}
      <Failure text={answer?.failure ?? (answer?.fields ? t(Object.values(answer.fields)[0]) : undefined)} />

      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby="return-order" className="rounded border border-line bg-white p-4">
          <h2 id="return-order" className="mb-2 text-lg font-semibold">
            {t("admin.return_order")}
          </h2>
          <p>
            <Link to={adminPath(lang, `/commandes/${encodeURIComponent(r.order.number)}`)} className="text-brand underline">
              {r.order.number}
            </Link>
          </p>
          <p className="font-medium">{r.customer.company ?? r.customer.name}</p>
          {r.customer.company && <p>{r.customer.name}</p>}
          <p className="text-sm">{r.customer.client_number}</p>
          <p className="text-sm">
            <a href={`mailto:${r.customer.email}`} className="text-brand underline">
              {r.customer.email}
            </a>
          </p>
        </section>
        <section aria-labelledby="return-reason" className="rounded border border-line bg-white p-4">
          <h2 id="return-reason" className="mb-2 text-lg font-semibold">
            {t("admin.return_reason")}
          </h2>
          <p>{r.reason_text}</p>
          <h3 className="mt-3 text-sm font-semibold">{t("admin.return_comment")}</h3>
          <p className="whitespace-pre-line text-sm">{r.comment ?? "—"}</p>
          <p className="mt-3 text-sm text-muted">{t("admin.return_attachments_none")}</p>
          {r.refusal_reason && <p className="mt-3 text-sm">{t("admin.return_refused_reason", { reason: r.refusal_reason })}</p>}
          {r.received_at && (
            <p className="mt-3 text-sm">{t("admin.return_received_on", { date: formatDate(r.received_at, lang, "datetime") })}</p>
          )}
        </section>
      </div>

      <section aria-labelledby="return-lines" className="rounded border border-line bg-white p-4">
        <h2 id="return-lines" className="mb-2 text-lg font-semibold">
          {t("admin.return_lines")}
        </h2>
        <ReceiveForm r={r} editable={canWrite && r.status === "accepted"} busy={busy} />
      </section>

      {canWrite && r.status === "requested" && (
        <section aria-labelledby="return-answer" className="rounded border border-line bg-white p-4">
          <h2 id="return-answer" className="mb-3 text-lg font-semibold">
            {t("admin.return_answer_title")}
          </h2>
          <div className="flex flex-wrap items-start gap-8">
            <Form method="post">
              <input type="hidden" name="intent" value="accept" />
              <SubmitButton busy={busy}>{t("admin.return_accept")}</SubmitButton>
            </Form>
            <Form method="post" noValidate className="flex max-w-md flex-col gap-3">
              <input type="hidden" name="intent" value="refuse" />
              <Field label={t("admin.return_refusal_reason")} name="reason" maxLength={REFUSAL_REASON_MAX} error={answer?.fields?.reason} />
              <div>
                <SubmitButton busy={busy}>{t("admin.return_refuse")}</SubmitButton>
              </div>
            </Form>
          </div>
        </section>
      )}

      {(r.status === "received" || r.status === "refunded") && (
        <section aria-labelledby="return-refund" className="rounded border border-line bg-white p-4">
          <h2 id="return-refund" className="mb-2 text-lg font-semibold">
            {t("admin.return_refund_title")}
          </h2>
          <ul className="mb-3 text-sm">
            <li>{t("admin.return_refund_value", { amount: money(r.value) })}</li>
            {r.status === "received" && <li>{t("admin.return_refund_left", { amount: money(r.left) })}</li>}
            {r.status === "received" && r.card_refundable !== null && (
              <li>{t("admin.return_refund_card_left", { amount: money(r.card_refundable) })}</li>
            )}
          </ul>
          {r.credit_note && (
            <p role="status" className="text-sm" data-testid="return-credit-note">
              {t("admin.return_done_credit_note", { number: r.credit_note.number, amount: money(r.credit_note.amount_ttc) })}{" "}
              {canPdf && (
                <a href={adminCreditNotePath(lang, r.credit_note.number)} className="text-brand underline">
                  {t("admin.return_credit_note_pdf")}
                </a>
              )}
            </p>
          )}
          {r.refund && (
            <p role="status" className="text-sm" data-testid="return-card-refund">
              {t("admin.return_done_card", { amount: money(r.refund.amount), status: t(`admin.order_refund_${r.refund.status}`) })}
            </p>
          )}
          {r.status === "received" &&
            (ways.length === 0 ? (
              <p className="text-sm text-muted">{t("admin.return_refund_none")}</p>
            ) : (
              <div className="flex flex-wrap gap-4">
                {ways.map((w) => (
                  <Form method="post" key={w}>
                    <input type="hidden" name="intent" value="refund" />
                    <input type="hidden" name="way" value={w} />
                    <SubmitButton busy={busy}>{t(`admin.return_refund_${w}`, { amount: money(r.value) })}</SubmitButton>
                  </Form>
                ))}
              </div>
            ))}
          {r.status === "received" && serviceLimit && (
            <p className="mt-2 text-sm text-muted" data-testid="return-card-limit">
              {Number(limit) > 0 ? t("admin.return_card_limit", { amount: money(limit) }) : t("admin.return_card_limit_none")}
            </p>
          )}
        </section>
      )}
    </div>
  );
}

type Detail = Awaited<ReturnType<typeof loader>>["r"];

/** The lines asked back; while the goods are awaited, the form recording what came back and in which condition. */
function ReceiveForm({ r, editable, busy }: { r: Detail; editable: boolean; busy: boolean }) {
  const { t } = useT();
  const table = (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="return-lines">
        <thead>
          <tr>
            <th scope="col" className="p-2">
              {t("admin.return_col_reference")}
            </th>
            <th scope="col" className="p-2">
              {t("admin.return_col_designation")}
            </th>
            <th scope="col" className="p-2 text-right">
              {t("admin.return_col_ordered")}
            </th>
            <th scope="col" className="p-2 text-right">
              {t("admin.return_col_asked")}
            </th>
            <th scope="col" className="p-2 text-right">
              {t("admin.return_col_received")}
            </th>
            <th scope="col" className="p-2">
              {t("admin.return_col_condition")}
            </th>
          </tr>
        </thead>
        <tbody>
          {r.lines.map((l) => (
            <tr key={l.order_line_id} className="border-t border-line">
              <td className="p-2">{l.reference}</td>
              <td className="p-2">{l.designation}</td>
              <td className="p-2 text-right">{l.ordered}</td>
              <td className="p-2 text-right">{l.num}</td>
              <td className="p-2 text-right">
                {editable ? (
                  <>
                    <input type="hidden" name="line_id" value={l.order_line_id} />
                    <input
                      name="received"
                      inputMode="numeric"
                      defaultValue={l.num}
                      aria-label={t("admin.return_received_of", { ref: l.reference })}
                      className="w-20 rounded border border-line px-2 py-1 text-right"
                    />
                  </>
                ) : (
                  (l.received ?? "—")
                )}
              </td>
              <td className="p-2">
                {editable ? (
                  <label className="flex items-center gap-2">
                    <input type="checkbox" name="resaleable" value={l.order_line_id} defaultChecked />
                    {t("admin.return_resaleable")}
                  </label>
                ) : l.resaleable === null ? (
                  "—"
                ) : (
                  t(l.resaleable ? "admin.return_resaleable" : "admin.return_not_resaleable")
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  if (!editable) return table;
  return (
    <Form method="post" noValidate className="flex flex-col gap-3">
      <input type="hidden" name="intent" value="receive" />
      <p className="text-sm text-muted">{t("admin.return_receive_intro")}</p>
      {table}
      <div>
        <SubmitButton busy={busy}>{t("admin.return_receive")}</SubmitButton>
      </div>
    </Form>
  );
}
