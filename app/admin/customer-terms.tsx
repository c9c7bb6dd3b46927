// Payment on account on the customer's page (decision 149): the terms (allowed, term in days, outstanding limit;
// customers:write), what the customer owes and may still order on account, and their invoices on account still owed,
// overdue ones marked, each with "transfer received" (orders:refund).
import { Form, Link } from "react-router";
import { ON_ACCOUNT_DAYS_MAX, ON_ACCOUNT_DAYS_MIN } from "#core/customers/on-account.ts";
import { formatDate } from "#core/format-date.ts";
import { formatPrice } from "#core/price-format.ts";
import { fromCents } from "#core/money.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminPath } from "./guard.ts";
import { Failure, SubmitButton } from "./ui.tsx";
import type { FormFailure } from "./form.ts";

export type TermsAnswer = FormFailure & { terms_saved?: boolean; settled?: string };

type Terms = { allowed: boolean; days: number; limit_cents: number; outstanding_cents: number; available_cents: number };
export type UnpaidRow = {
  number: string;
  order_number: string;
  issued_at: string;
  due_on: string;
  amount_ttc: string;
  days_overdue: number;
};

const input = "rounded border border-line px-3 py-2 focus:border-brand focus:outline-none";

export function TermsSection(props: {
  terms: Terms;
  unpaid: UnpaidRow[];
  canWrite: boolean;
  canSettle: boolean;
  answer?: TermsAnswer;
  busy: boolean;
}) {
  const { terms, unpaid, canWrite, canSettle, answer, busy } = props;
  const { t, lang } = useT();
  const mine = answer?.form === "terms" ? answer : undefined;
  const settleAnswer = answer?.form === "settle" ? answer : undefined;
  const money = (cents: number) => formatPrice(fromCents(cents), lang, "TTC");
  // Limit shown as staff type it: euros with a comma in French
  const limitValue = lang === "fr" ? fromCents(terms.limit_cents).replace(".", ",") : fromCents(terms.limit_cents);
  return (
    <section aria-labelledby="customer-terms" className="rounded border border-line bg-white p-4">
      <h2 id="customer-terms" className="mb-2 text-lg font-semibold">
        {t("admin.customer_terms")}
      </h2>
      <p className="text-sm" data-testid="terms-summary">
        {terms.allowed
          ? t("admin.customer_terms_on", { days: terms.days, limit: money(terms.limit_cents) })
          : t("admin.customer_terms_off")}
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">{t("admin.customer_outstanding")}</dt>
        <dd data-testid="outstanding">{money(terms.outstanding_cents)}</dd>
        <dt className="text-muted">{t("admin.customer_available")}</dt>
        <dd data-testid="available">{money(terms.available_cents)}</dd>
      </dl>
      <p role="status" className="mt-2 text-sm text-green-800">
        {mine?.terms_saved ? t("admin.customer_terms_saved") : ""}
        {settleAnswer?.settled ? t("admin.invoice_settled_done", { number: settleAnswer.settled }) : ""}
      </p>
      {canWrite && (
        <Form
          method="post"
          noValidate
          className="mt-3 flex max-w-xl flex-col gap-2"
          key={`${terms.allowed}-${terms.days}-${terms.limit_cents}`}
        >
          <input type="hidden" name="intent" value="terms" />
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" name="on_account" defaultChecked={terms.allowed} />
            {t("admin.customer_terms_allowed")}
          </label>
          <div className="flex flex-wrap gap-4">
            <label className="flex flex-col gap-1 text-sm font-medium">
              {t("admin.customer_terms_days")}
              <input
                name="days"
                type="number"
                inputMode="numeric"
                min={ON_ACCOUNT_DAYS_MIN}
                max={ON_ACCOUNT_DAYS_MAX}
                defaultValue={terms.days}
                aria-invalid={mine?.fields?.days ? true : undefined}
                className={`${input} w-28`}
              />
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">
              {t("admin.customer_terms_limit")}
              <input
                name="limit"
                inputMode="decimal"
                defaultValue={limitValue}
                aria-invalid={mine?.fields?.limit ? true : undefined}
                className={`${input} w-40`}
              />
            </label>
          </div>
          {(["days", "limit", "on_account"] as const).map((f) =>
            mine?.fields?.[f] ? (
              <p key={f} role="alert" className="text-sm text-red-700">
                {t(mine.fields[f])}
              </p>
            ) : null,
          )}
          <Failure text={mine?.failure} />
          <div>
            <SubmitButton busy={busy}>{t("admin.customer_terms_save")}</SubmitButton>
          </div>
        </Form>
      )}
      <h3 className="mt-4 font-semibold">{t("admin.customer_unpaid")}</h3>
      <Failure text={settleAnswer?.failure ?? (settleAnswer?.fields?.invoice && t(settleAnswer.fields.invoice))} />
      {unpaid.length === 0 ? (
        <p className="text-sm text-muted">{t("admin.customer_unpaid_empty")}</p>
      ) : (
        <UnpaidTable rows={unpaid} canSettle={canSettle} busy={busy} />
      )}
      <Link to={adminPath(lang, "/clients/impayes")} className="mt-2 inline-block text-sm text-brand underline">
        {t("admin.unpaid_all_link")}
      </Link>
    </section>
  );
}

/** Invoices on account still owed: number, order, due date, amount, days overdue, and "transfer received". */
export function UnpaidTable({
  rows,
  canSettle,
  busy,
  customer,
}: {
  rows: (UnpaidRow & { client_number?: string; company?: string | null; name?: string })[];
  canSettle: boolean;
  busy: boolean;
  customer?: boolean;
}) {
  const { t, lang } = useT();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead>
          <tr>
            <th scope="col" className="p-1">
              {t("admin.unpaid_invoice")}
            </th>
            {customer && (
              <th scope="col" className="p-1">
                {t("admin.unpaid_customer")}
              </th>
            )}
            <th scope="col" className="p-1">
              {t("admin.unpaid_order")}
            </th>
            <th scope="col" className="p-1">
              {t("admin.unpaid_due")}
            </th>
            <th scope="col" className="p-1">
              {t("admin.unpaid_amount")}
            </th>
            <th scope="col" className="p-1">
              {t("admin.unpaid_overdue")}
            </th>
            {canSettle && <th scope="col" className="p-1" />}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.number} className="border-t border-line" data-testid={`unpaid-${r.number}`}>
              <td className="whitespace-nowrap p-1">{r.number}</td>
              {customer && (
                <td className="p-1">
                  <Link to={adminPath(lang, `/clients/${encodeURIComponent(r.client_number ?? "")}`)} className="text-brand underline">
                    {r.company || r.name}
                  </Link>
                  <span className="block text-xs text-muted">{r.client_number}</span>
                </td>
              )}
              <td className="whitespace-nowrap p-1">
                <Link to={adminPath(lang, `/commandes/${encodeURIComponent(r.order_number)}`)} className="text-brand underline">
                  {r.order_number}
                </Link>
              </td>
              <td className="whitespace-nowrap p-1">{formatDate(r.due_on, lang)}</td>
              <td className="whitespace-nowrap p-1">{formatPrice(r.amount_ttc, lang, "TTC")}</td>
              <td className={`whitespace-nowrap p-1 ${r.days_overdue > 0 ? "font-semibold text-red-800" : "text-muted"}`}>
                {r.days_overdue > 0 ? t("admin.unpaid_days_overdue", { count: r.days_overdue }) : t("admin.unpaid_not_due")}
              </td>
              {canSettle && (
                <td className="whitespace-nowrap p-1">
                  <Form method="post">
                    <input type="hidden" name="intent" value="settle" />
                    <input type="hidden" name="invoice" value={r.number} />
                    <button
                      type="submit"
                      disabled={busy}
                      className="rounded border border-brand px-2 py-1 text-brand hover:bg-brand hover:text-white disabled:opacity-60"
                    >
                      {t("admin.invoice_settle")}
                    </button>
                  </Form>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
