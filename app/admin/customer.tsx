// A customer in the back office: identity, the approval of a professional account (approve or refuse with a message,
// customers:write), addresses and receiving times, the latest orders (each to its order page, all of them in the
// order queue), invoices, credit notes and balance, returns, questions, and the live sessions (end one,
// customers:write). Texts of other catalogues than the back office's are said here in the page's language.
import { Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/customer";
import { can } from "#core/staff/permissions.ts";
import {
  approvalDecisionSchema,
  eraseConfirmSchema,
  onAccountTermsSchema,
  revokeSessionSchema,
  settleInvoiceSchema,
} from "#core/validation/staff-customers.ts";
import { TermsSection, type TermsAnswer } from "./customer-terms.tsx";
import { GroupSection, type GroupAnswer } from "./customer-group.tsx";
import { customerGroupSchema } from "#core/validation/price-groups.ts";
import { orderStateLabel } from "#core/order-states.ts";
import { translate } from "#core/i18n/translate.ts";
import { langOfPath } from "#core/slug.ts";
import { formatDate } from "#core/format-date.ts";
import { formatPrice } from "#core/price-format.ts";
import { formatPhone } from "#core/account.ts";
import { useT } from "#app/lib/i18n.tsx";
import { orNotFound } from "#app/lib/loader-errors.ts";
import { adminPath, requireStaff, staffContext } from "./guard.ts";
import { formAction, formFields, parseFields } from "./form.ts";
import { PageTitle } from "./ui.tsx";
import { ApprovalSection, SessionsSection } from "./customer-parts.tsx";
import { ReceivingTimes } from "./receiving-times.tsx";
import { PrivacySection, type PrivacyAnswer } from "./customer-privacy.tsx";
import { isErasedEmail } from "#core/customers/erasure.ts";
import { notFound } from "#core/domain-errors.ts";

export const handle = { personal: true };

export const meta: Route.MetaFunction = ({ location, params }) => {
  const lang = langOfPath(location.pathname);
  return [{ title: `${translate(lang, "admin.customer_title", { number: params.clientNumber })} — ${translate(lang, "common.brand")}` }];
};

export async function loader({ context, params }: Route.LoaderArgs) {
  const staff = requireStaff(context, "customers:read");
  const lang = context.lang;
  const d = await orNotFound(context.services.staffCustomers.detail(context.services.db, params.clientNumber));
  const { db, onAccount } = context.services;
  const [terms, unpaid, groups, groupId] = await Promise.all([
    onAccount.terms(db, d.customer.id),
    onAccount.customerUnpaid(db, d.customer.id),
    context.services.staffPriceGroups.list(db),
    context.services.staffPriceGroups.groupOf(db, d.customer.id),
  ]);
  return {
    ...d,
    orders: d.orders.map((o) => {
      const label = orderStateLabel(o, lang);
      return { ...o, state: translate(lang, label.key, label.values) };
    }),
    returns: d.returns.map((r) => ({
      ...r,
      status: translate(lang, `aftersales.return_status_${r.status}`),
      reason: translate(lang, `aftersales.reason_${r.reason}`),
    })),
    questions: d.questions.map((q) => ({ ...q, type: translate(lang, `questions.types.${q.type}`) })),
    canWrite: can(staff.roles, "customers:write"),
    terms: terms!,
    unpaid,
    canSettle: can(staff.roles, "orders:refund"),
    groups: groups.map((g) => ({ id: g.id, name: g.name })),
    groupId,
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const fields = await formFields(request);
  // a transfer received is money: orders:refund (decision 149); every other form of the page needs customers:write
  if (fields.intent === "settle") {
    const settleCtx = staffContext(context, "orders:refund");
    return formAction(
      context.lang,
      async () => {
        const { invoice } = parseFields(settleInvoiceSchema, fields);
        await context.services.onAccount.settle(settleCtx, invoice);
        return { settled: invoice, form: "settle" };
      },
      "settle",
    );
  }
  const ctx = staffContext(context, "customers:write");
  if (fields.intent === "terms")
    return formAction(
      context.lang,
      async () => {
        const input = parseFields(onAccountTermsSchema, fields);
        await context.services.onAccount.setTerms(ctx, params.clientNumber, input);
        return { terms_saved: true, form: "terms" };
      },
      "terms",
    );
  if (fields.intent === "group")
    return formAction(
      context.lang,
      async () => {
        const { group_id } = parseFields(customerGroupSchema, fields);
        const { staffCustomers, staffPriceGroups, db } = context.services;
        const d = await staffCustomers.detail(db, params.clientNumber);
        if (!d) throw notFound();
        await staffPriceGroups.setCustomerGroup(ctx, d.customer.id, group_id);
        return { group_saved: true, form: "group" };
      },
      "group",
    );
  const { customerApproval } = context.services;
  if (fields.intent === "revoke")
    return formAction(
      context.lang,
      async () => {
        const { session } = parseFields(revokeSessionSchema, fields);
        await customerApproval.revokeSession(ctx, params.clientNumber, session);
        return { revoked: true, form: "session" };
      },
      "session",
    );
  if (fields.intent === "erase")
    return formAction(
      context.lang,
      async () => {
        parseFields(eraseConfirmSchema(params.clientNumber), fields);
        await context.services.customerPrivacy.erase(ctx, params.clientNumber);
        return { erased: true, form: "erase" };
      },
      "erase",
    );
  return formAction(
    context.lang,
    async () => {
      const { intent, message } = parseFields(approvalDecisionSchema, fields);
      const { approval } = await customerApproval.decide(ctx, params.clientNumber, intent, message);
      return { decided: approval, form: "approval" };
    },
    "approval",
  );
}

const box = "rounded border border-line bg-white p-4";
const h2 = "mb-2 text-lg font-semibold";

function Empty({ text }: { text: string }) {
  return <p className="text-sm text-muted">{text}</p>;
}

export default function AdminCustomer() {
  const { t, lang } = useT();
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<PrivacyAnswer & TermsAnswer & GroupAnswer>();
  const busy = useNavigation().state !== "idle";
  const c = d.customer;
  const money = (v: string) => formatPrice(v, lang, "TTC");
  const facts: [string, string | null][] = [
    ["admin.customer_name", `${c.title} ${c.first_name} ${c.last_name}`],
    ["admin.customer_company", c.company],
    ["admin.customer_siret", c.siret],
    ["admin.customer_vat", c.vat_number],
    ["admin.customer_email", c.email],
    ["admin.customer_phone", c.phone && formatPhone(c.phone)],
    ["admin.customer_lang", t(`admin.customer_lang_${c.lang}`)],
    ["admin.customer_created", formatDate(c.created_at, lang, "long")],
  ];
  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link to={adminPath(lang, "/clients")} className="text-sm text-brand underline">
          {t("admin.customer_back")}
        </Link>
        <PageTitle>{`${c.company || `${c.first_name} ${c.last_name}`} — ${c.client_number}`}</PageTitle>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section aria-labelledby="customer-identity" className={box}>
          <h2 id="customer-identity" className={h2}>
            {t("admin.customer_identity")}
          </h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {facts
              .filter(([, v]) => v)
              .map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-muted">{t(k)}</dt>
                  <dd className="break-all">{v}</dd>
                </div>
              ))}
          </dl>
        </section>
        <ApprovalSection
          approval={c.approval}
          message={c.approval_message}
          decidedAt={c.approval_decided_at}
          canWrite={d.canWrite && !isErasedEmail(c.email)}
          answer={answer}
          busy={busy}
        />
      </div>
      <GroupSection groupId={d.groupId} groups={d.groups} canWrite={d.canWrite && !isErasedEmail(c.email)} answer={answer} busy={busy} />
      <TermsSection
        terms={d.terms}
        unpaid={d.unpaid}
        canWrite={d.canWrite && !isErasedEmail(c.email)}
        canSettle={d.canSettle}
        answer={answer}
        busy={busy}
      />
      <section aria-labelledby="customer-addresses" className={box}>
        <h2 id="customer-addresses" className={h2}>
          {t("admin.customer_addresses")}
        </h2>
        {d.addresses.length === 0 ? (
          <Empty text={t("admin.customer_addresses_empty")} />
        ) : (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {d.addresses.map((a) => (
              <li key={a.id} className="rounded border border-line p-3 text-sm">
                <p className="font-medium">
                  {t(a.kind === "invoice" ? "admin.customer_address_invoice" : "admin.customer_address_delivery")}
                  {a.is_default && <span className="text-muted">{` (${t("admin.customer_address_default")})`}</span>}
                </p>
                <p>{a.name}</p>
                {a.company && <p>{a.company}</p>}
                <p>{a.line1}</p>
                {a.line2 && <p>{a.line2}</p>}
                <p>{`${a.zip_code} ${a.city} ${a.country}`}</p>
                {a.phone && <p>{formatPhone(a.phone)}</p>}
              </li>
            ))}
          </ul>
        )}
        <ReceivingTimes receiving={d.receiving} />
      </section>
      <section aria-labelledby="customer-orders" className={box}>
        <h2 id="customer-orders" className={h2}>
          {t("admin.customer_orders")}
        </h2>
        {d.orders.length === 0 ? (
          <Empty text={t("admin.customer_orders_empty")} />
        ) : (
          <>
            <Table
              head={[t("admin.customer_number"), t("admin.customer_date"), t("admin.customer_status"), t("admin.customer_amount")]}
              rows={d.orders.map((o) => ({
                key: o.number,
                cells: [
                  <Link key="n" to={adminPath(lang, `/commandes/${encodeURIComponent(o.number)}`)} className="text-brand underline">
                    {o.number}
                  </Link>,
                  formatDate(o.placed_at, lang),
                  o.state,
                  money(o.total_ttc),
                ],
              }))}
            />
            <Link to={`${adminPath(lang, "/commandes")}?customer=${c.id}`} className="mt-2 inline-block text-sm text-brand underline">
              {t("admin.customer_orders_all", { count: d.orders_count })}
            </Link>
          </>
        )}
      </section>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section aria-labelledby="customer-invoices" className={box}>
          <h2 id="customer-invoices" className={h2}>
            {t("admin.customer_invoices")}
          </h2>
          {d.invoices.length === 0 ? (
            <Empty text={t("admin.customer_invoices_empty")} />
          ) : (
            <Table
              head={[t("admin.customer_number"), t("admin.customer_date"), t("admin.customer_orders"), t("admin.customer_amount")]}
              rows={d.invoices.map((i) => ({
                key: i.number,
                cells: [i.number, formatDate(i.issued_at, lang), i.order_number, money(i.amount_ttc)],
              }))}
            />
          )}
        </section>
        <section aria-labelledby="customer-credit" className={box}>
          <h2 id="customer-credit" className={h2}>
            {t("admin.customer_credit")}
          </h2>
          <p className="mb-2 font-medium">{t("admin.customer_credit_balance", { amount: money(d.credit_balance) })}</p>
          {d.credit_notes.length === 0 ? (
            <Empty text={t("admin.customer_credit_empty")} />
          ) : (
            <Table
              head={[t("admin.customer_number"), t("admin.customer_date"), t("admin.customer_amount"), ""]}
              rows={d.credit_notes.map((n) => ({
                key: n.number,
                cells: [
                  n.number,
                  formatDate(n.issued_at, lang),
                  money(n.amount_ttc),
                  t("admin.customer_credit_remaining", { amount: money(n.remaining_ttc) }),
                ],
              }))}
            />
          )}
        </section>
        <section aria-labelledby="customer-returns" className={box}>
          <h2 id="customer-returns" className={h2}>
            {t("admin.customer_returns")}
          </h2>
          {d.returns.length === 0 ? (
            <Empty text={t("admin.customer_returns_empty")} />
          ) : (
            <ul className="flex flex-col gap-2 text-sm">
              {d.returns.map((r) => (
                <li key={r.id}>
                  <span className="block font-medium">{t("admin.customer_return_of", { id: String(r.id), number: r.order_number })}</span>
                  <span className="block text-muted">{`${formatDate(r.created_at, lang)} · ${r.status} · ${r.reason}`}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="customer-questions" className={box}>
          <h2 id="customer-questions" className={h2}>
            {t("admin.customer_questions")}
          </h2>
          {d.questions.length === 0 ? (
            <Empty text={t("admin.customer_questions_empty")} />
          ) : (
            <ul className="flex flex-col gap-2 text-sm">
              {d.questions.map((q) => (
                <li key={q.id}>
                  <span className="block font-medium">
                    {`#${q.id} · ${q.type}`}
                    {q.order_number && ` · ${t("admin.customer_question_order", { number: q.order_number })}`}
                  </span>
                  <span className="block whitespace-pre-line">{q.content}</span>
                  <span className="block text-muted">
                    {`${formatDate(q.created_at, lang)} · `}
                    {q.answered_at
                      ? t("admin.customer_question_answered", { date: formatDate(q.answered_at, lang) })
                      : t("admin.customer_question_waiting")}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <SessionsSection sessions={d.sessions} canWrite={d.canWrite} answer={answer} busy={busy} />
      {d.canWrite && <PrivacySection clientNumber={c.client_number} erased={isErasedEmail(c.email)} answer={answer} busy={busy} />}
    </div>
  );
}

function Table({ head, rows }: { head: string[]; rows: { key: string; cells: React.ReactNode[] }[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead>
          <tr>
            {head.map((h, i) => (
              <th key={i} scope="col" className="p-1">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-t border-line">
              {r.cells.map((c, i) => (
                <td key={i} className="whitespace-nowrap p-1">
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
