// A quotation in the back office (decision 148): its customer, state, lines and totals; while it is a draft or open,
// staff who may write change each line's quantity and unit price HT, add a model by reference, set the last day and
// an internal note; they send it by e-mail with its PDF in the customer's language, or cancel it. Each form carries
// the version the page showed: a change made meanwhile by someone else (or by the customer) is refused, never
// overwritten. The server checks the permission and the state again.
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/quotation";
import { can } from "#core/staff/permissions.ts";
import { STAFF_NOTE_MAX } from "#core/quotations-desk.ts";
import { quotationActSchema, quotationEditInput, quotationEditSchema } from "#core/validation/staff-quotations.ts";
import { formatDate } from "#core/format-date.ts";
import { formatPrice, formatUnitPrice } from "#core/price-format.ts";
import { Decimal } from "#core/money.ts";
import { translate } from "#core/i18n/translate.ts";
import { langOfPath } from "#core/slug.ts";
import { useT } from "#app/lib/i18n.tsx";
import { orNotFound } from "#app/lib/loader-errors.ts";
import { Field } from "#app/components/account/field.tsx";
import { adminPath, requireStaff, staffContext } from "./guard.ts";
import { formAction, formFields, parseFields, type FormFailure } from "./form.ts";
import { Failure, PageTitle, SubmitButton } from "./ui.tsx";

export const handle = { personal: true };

export const meta: Route.MetaFunction = ({ location, data }) => {
  const lang = langOfPath(location.pathname);
  const number = (data as { q?: { number: string } } | undefined)?.q?.number ?? "";
  return [{ title: `${translate(lang, "admin.quotation_title", { number })} — ${translate(lang, "common.brand")}` }];
};

/** The quotation's id from the address, or the 404 page. */
function idOf(raw: string | undefined): number {
  const id = /^\d{1,9}$/.test(raw ?? "") ? Number(raw) : 0;
  if (id < 1) throw new Response(null, { status: 404, statusText: "Not Found" });
  return id;
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const staff = requireStaff(context, "quotations:read");
  const { db, staffQuotations } = context.services;
  const q = await orNotFound(staffQuotations.detail(db, idOf(params.id), context.lang));
  return { q, canWrite: can(staff.roles, "quotations:write"), canCustomer: can(staff.roles, "customers:read") };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const ctx = staffContext(context, "quotations:write");
  const id = idOf(params.id);
  const fields = await formFields(request);
  const { staffQuotations } = context.services;
  return formAction(context.lang, async () => {
    if (fields.intent === "save") {
      const input = quotationEditInput(parseFields(quotationEditSchema, fields));
      await staffQuotations.edit(ctx, id, input);
      return { done: "saved" };
    }
    const { intent, edited } = parseFields(quotationActSchema, fields);
    if (intent === "send") return { done: "sent", email: (await staffQuotations.send(ctx, id, edited)).email };
    await staffQuotations.cancel(ctx, id, edited);
    return { done: "cancelled" };
  });
}

type Answer = FormFailure & { done?: "saved" | "sent" | "cancelled"; email?: string };

export default function AdminQuotation() {
  const { t, lang } = useT();
  const { q, canWrite, canCustomer } = useLoaderData<typeof loader>();
  const answer = useActionData<Answer>();
  const busy = useNavigation().state !== "idle";
  const editable = canWrite && q.can_edit;
  const fieldError = answer?.fields ? Object.values(answer.fields)[0] : undefined;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <p className="mb-2 text-sm">
          <Link to={adminPath(lang, "/devis")} className="text-brand underline">
            {t("admin.quotation_back")}
          </Link>
        </p>
        <PageTitle>{t("admin.quotation_title", { number: q.number })}</PageTitle>
        <p className="flex flex-wrap items-center gap-3">
          <strong data-testid="quotation-state">{q.state_text}</strong>
          <span>{t("admin.quotation_created_on", { date: formatDate(q.created_at, lang, "datetime") })}</span>
          <span>{q.created_by ? t("admin.quotation_made_by", { name: q.created_by }) : t("admin.quotation_made_by_customer")}</span>
        </p>
      </div>
      {answer?.done && (
        <p role="status" className="rounded bg-green-50 p-3 text-sm text-green-800" data-testid="quotation-done">
          {answer.done === "sent"
            ? t("admin.quotation_sent_ok", { email: answer.email ?? "" })
            : t(answer.done === "saved" ? "admin.quotation_saved_ok" : "admin.quotation_cancelled_ok")}
        </p>
      )}
      <Failure text={answer?.failure ?? (fieldError ? t(fieldError) : undefined)} />

      <div className="grid gap-4 md:grid-cols-2">
        <section aria-labelledby="quotation-customer" className="rounded border border-line bg-white p-4">
          <h2 id="quotation-customer" className="mb-2 text-lg font-semibold">
            {t("admin.quotation_customer")}
          </h2>
          <p className="font-medium">
            {canCustomer ? (
              <Link to={adminPath(lang, `/clients/${encodeURIComponent(q.client_number)}`)} className="text-brand underline">
                {q.customer}
              </Link>
            ) : (
              q.customer
            )}
          </p>
          <p className="text-sm">{q.client_number}</p>
          <p className="text-sm">
            <a href={`mailto:${q.email}`} className="text-brand underline">
              {q.email}
            </a>
          </p>
          <p className="text-sm">{t("admin.quotation_customer_lang", { lang: t(`admin.quotation_lang_${q.customer_lang}`) })}</p>
        </section>
        <section aria-labelledby="quotation-facts" className="rounded border border-line bg-white p-4">
          <h2 id="quotation-facts" className="mb-2 text-lg font-semibold">
            {t("admin.quotation_facts")}
          </h2>
          <ul className="flex flex-col gap-1 text-sm">
            <li data-testid="quotation-valid-until">
              {t("admin.quotation_valid_until_on", { date: q.valid_until ? formatDate(q.valid_until, lang) : "—" })}
            </li>
            <li>
              {q.sent_at ? t("admin.quotation_sent_on", { date: formatDate(q.sent_at, lang, "datetime") }) : t("admin.quotation_not_sent")}
            </li>
            {q.changed_since_sent && <li className="font-medium text-amber-800">{t("admin.quotation_changed_since_sent")}</li>}
            {q.order_number && (
              <li>
                {t("admin.quotation_ordered_as")}{" "}
                <Link to={adminPath(lang, `/commandes/${encodeURIComponent(q.order_number)}`)} className="text-brand underline">
                  {q.order_number}
                </Link>
              </li>
            )}
            {!editable && q.staff_note && (
              <li className="whitespace-pre-line">{t("admin.quotation_note_shown", { note: q.staff_note })}</li>
            )}
          </ul>
        </section>
      </div>

      <section aria-labelledby="quotation-lines" className="rounded border border-line bg-white p-4">
        <h2 id="quotation-lines" className="mb-2 text-lg font-semibold">
          {t("admin.quotation_lines")}
        </h2>
        {/* keyed by the version: a saved change starts a fresh form (the model just added is not sent again) */}
        {editable ? <EditForm key={q.version} q={q} busy={busy} fields={answer?.fields} /> : <Lines q={q} />}
        {canWrite && !q.can_edit && q.state !== "ordered" && q.state !== "cancelled" && (
          <p className="mt-2 text-sm text-muted">{t("admin.quotation_not_editable")}</p>
        )}
      </section>

      {canWrite && (q.can_send || q.can_cancel) && (
        <section aria-labelledby="quotation-actions" className="rounded border border-line bg-white p-4">
          <h2 id="quotation-actions" className="mb-3 text-lg font-semibold">
            {t("admin.quotation_actions")}
          </h2>
          <div className="flex flex-wrap items-start gap-8">
            {q.can_send && (
              <Form method="post" className="flex max-w-md flex-col gap-2">
                <input type="hidden" name="intent" value="send" />
                <input type="hidden" name="edited" value={q.version} />
                <p className="text-sm text-muted">
                  {t("admin.quotation_send_help", { email: q.email, lang: t(`admin.quotation_lang_${q.customer_lang}`) })}
                </p>
                <div>
                  <SubmitButton busy={busy}>{t(q.sent_at ? "admin.quotation_send_again" : "admin.quotation_send")}</SubmitButton>
                </div>
              </Form>
            )}
            {q.can_cancel && (
              <Form method="post" className="flex max-w-md flex-col gap-2">
                <input type="hidden" name="intent" value="cancel" />
                <input type="hidden" name="edited" value={q.version} />
                <p className="text-sm text-muted">{t("admin.quotation_cancel_help")}</p>
                <div>
                  <button
                    type="submit"
                    disabled={busy}
                    className="rounded border border-red-700 px-4 py-2 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
                  >
                    {t("admin.quotation_cancel")}
                  </button>
                </div>
              </Form>
            )}
          </div>
        </section>
      )}
    </div>
  );
}

type Detail = Awaited<ReturnType<typeof loader>>["q"];

function Totals({ q }: { q: Detail }) {
  const { t, lang } = useT();
  return (
    <dl className="ml-auto mt-3 grid max-w-xs grid-cols-2 gap-1 text-sm" data-testid="quotation-totals">
      <dt>{t("admin.quotation_total_ht")}</dt>
      <dd className="text-right">{formatPrice(q.total_ht, lang, "HT")}</dd>
      <dt>{t("admin.quotation_total_tva")}</dt>
      <dd className="text-right">{formatPrice(q.total_tva, lang)}</dd>
      <dt className="font-semibold">{t("admin.quotation_total_ttc")}</dt>
      <dd className="text-right font-semibold">{formatPrice(q.total_ttc, lang, "TTC")}</dd>
    </dl>
  );
}

function Head({ edit }: { edit: boolean }) {
  const { t } = useT();
  return (
    <thead>
      <tr>
        <th scope="col" className="p-2">
          {t("admin.quotation_col_reference")}
        </th>
        <th scope="col" className="p-2">
          {t("admin.quotation_col_designation")}
        </th>
        <th scope="col" className="p-2 text-right">
          {t("admin.quotation_col_quantity")}
        </th>
        <th scope="col" className="p-2 text-right">
          {t("admin.quotation_col_price")}
        </th>
        <th scope="col" className="p-2 text-right">
          {t("admin.quotation_col_amount")}
        </th>
        {edit && (
          <th scope="col" className="p-2">
            {t("admin.quotation_col_remove")}
          </th>
        )}
      </tr>
    </thead>
  );
}

/** The lines as they stand (a quotation that no longer changes, or a role that only reads). */
function Lines({ q }: { q: Detail }) {
  const { t, lang } = useT();
  if (q.lines.length === 0) return <p className="text-sm text-muted">{t("admin.quotation_no_lines")}</p>;
  return (
    <>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm" data-testid="quotation-lines">
          <Head edit={false} />
          <tbody>
            {q.lines.map((l) => (
              <tr key={l.modelId} className="border-t border-line">
                <td className="p-2">{l.reference}</td>
                <td className="p-2">{l.designation}</td>
                <td className="p-2 text-right">{l.num}</td>
                <td className="p-2 text-right">
                  {formatUnitPrice(l.price, lang, "HT")}
                  {l.remise_info && <span className="block text-xs text-muted">{t("admin.quotation_promotion_kept")}</span>}
                </td>
                <td className="p-2 text-right">{formatPrice(l.amount, lang, "HT")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Totals q={q} />
    </>
  );
}

/** A unit price as staff type it: the stored 4 decimals without trailing zeros past the cents ("2.5000" → "2.50"). */
const typedPrice = (p: string) => {
  const d = Decimal.from(p);
  return d.round(2).eq(d) ? d.toFixed(2) : d.toFixed(4).replace(/0+$/, "");
};

function EditForm({ q, busy, fields }: { q: Detail; busy: boolean; fields?: Record<string, string> }) {
  const { t, lang } = useT();
  return (
    <Form method="post" noValidate className="flex flex-col gap-4" aria-label={t("admin.quotation_edit")}>
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="edited" value={q.version} />
      {q.lines.length === 0 ? (
        <p className="text-sm text-muted">{t("admin.quotation_no_lines")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="quotation-lines">
            <Head edit />
            <tbody>
              {q.lines.map((l) => (
                <tr key={l.modelId} className="border-t border-line">
                  <td className="p-2">{l.reference}</td>
                  <td className="p-2">{l.designation}</td>
                  <td className="p-2 text-right">
                    <input type="hidden" name="line_model" value={l.modelId} />
                    <input
                      name="line_num"
                      inputMode="numeric"
                      defaultValue={l.num}
                      aria-label={t("admin.quotation_quantity_of", { ref: l.reference })}
                      className="w-20 rounded border border-line px-2 py-1 text-right"
                    />
                  </td>
                  <td className="p-2 text-right">
                    <input
                      name="line_price"
                      inputMode="decimal"
                      defaultValue={typedPrice(l.price)}
                      aria-label={t("admin.quotation_price_of", { ref: l.reference })}
                      className="w-28 rounded border border-line px-2 py-1 text-right"
                    />
                    {l.remise_info && <span className="block text-xs text-muted">{t("admin.quotation_promotion_kept")}</span>}
                  </td>
                  <td className="p-2 text-right">{formatPrice(l.amount, lang, "HT")}</td>
                  <td className="p-2">
                    <label className="flex items-center gap-2">
                      <input type="checkbox" name="remove" value={l.modelId} />
                      <span className="sr-only">{t("admin.quotation_remove_of", { ref: l.reference })}</span>
                    </label>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {q.lines.length > 0 && <Totals q={q} />}
      <p className="text-xs text-muted">{t("admin.quotation_price_help")}</p>
      <fieldset className="flex flex-wrap items-end gap-4">
        <legend className="mb-1 text-sm font-medium">{t("admin.quotation_add")}</legend>
        <Field label={t("admin.quotation_add_ref")} name="add_ref" maxLength={40} error={fields?.add_ref} />
        <Field
          label={t("admin.quotation_add_num")}
          name="add_num"
          inputMode="numeric"
          className="w-24 rounded border border-line px-3 py-2"
          error={fields?.add_num}
        />
      </fieldset>
      <div className="flex flex-wrap items-start gap-4">
        <Field
          label={t("admin.quotation_valid_until")}
          name="valid_until"
          type="date"
          min={q.today}
          max={q.max_valid_until}
          defaultValue={q.valid_until ?? ""}
          error={fields?.valid_until}
        />
        <label className="flex min-w-80 flex-1 flex-col gap-1 text-sm">
          <span className="font-medium">{t("admin.quotation_note")}</span>
          <textarea
            name="note"
            rows={3}
            maxLength={STAFF_NOTE_MAX}
            defaultValue={q.staff_note}
            className="rounded border border-line px-3 py-2"
          />
          <span className="text-xs text-muted">{t("admin.quotation_note_help")}</span>
        </label>
      </div>
      <div>
        <SubmitButton busy={busy}>{t("admin.quotation_save")}</SubmitButton>
      </div>
    </Form>
  );
}
