// /admin/clients/impayes (decision 149): the invoices on account past their due date (or, ticked, every one still
// owed), oldest due first, with their customer, days overdue and total; "transfer received" for orders:refund.
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/unpaid";
import { can } from "#core/staff/permissions.ts";
import { formatPrice } from "#core/price-format.ts";
import { settleInvoiceSchema, unpaidQuerySchema } from "#core/validation/staff-customers.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminPath, requireStaff, staffContext } from "./guard.ts";
import { fieldMessages, formAction, formFields, parseFields, type FormFailure } from "./form.ts";
import { Failure, PageTitle } from "./ui.tsx";
import { Pager } from "./pager.tsx";
import { UnpaidTable } from "./customer-terms.tsx";
import { titleMeta } from "./meta.ts";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("admin.unpaid_title");

export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = requireStaff(context, "invoices:read");
  const params = new URL(request.url).searchParams;
  const raw = Object.fromEntries(["all", "page", "page_size"].map((f) => [f, params.get(f) ?? undefined]));
  const parsed = unpaidQuerySchema.safeParse(raw);
  const page = parsed.success ? await context.services.onAccount.unpaid(context.services.db, parsed.data) : null;
  return {
    page,
    all: parsed.success && parsed.data.all,
    errors: fieldMessages(parsed.error),
    canSettle: can(staff.roles, "orders:refund"),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = staffContext(context, "orders:refund");
  const fields = await formFields(request);
  return formAction(
    context.lang,
    async () => {
      const { invoice } = parseFields(settleInvoiceSchema, fields);
      await context.services.onAccount.settle(ctx, invoice);
      return { settled: invoice, form: "settle" };
    },
    "settle",
  );
}

export default function AdminUnpaid() {
  const { t, lang } = useT();
  const { page, all, errors, canSettle } = useLoaderData<typeof loader>();
  const answer = useActionData<FormFailure & { settled?: string }>();
  const busy = useNavigation().state !== "idle";
  const base = adminPath(lang, "/clients/impayes");
  const href = (n: number) => {
    const p = new URLSearchParams();
    if (all) p.set("all", "1");
    if (n > 1) p.set("page", String(n));
    if (page && page.page_size !== 20) p.set("page_size", String(page.page_size));
    const q = p.toString();
    return base + (q ? `?${q}` : "");
  };
  return (
    <>
      <Link to={adminPath(lang, "/clients")} className="text-sm text-brand underline">
        {t("admin.customer_back")}
      </Link>
      <PageTitle>{t("admin.unpaid_title")}</PageTitle>
      <p className="mb-4 text-sm text-muted">{t("admin.unpaid_hint")}</p>
      <Form method="get" className="mb-4 flex items-center gap-3 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" name="all" value="1" defaultChecked={all} />
          {t("admin.unpaid_show_all")}
        </label>
        <button type="submit" className="rounded border border-line px-3 py-1 hover:border-brand">
          {t("admin.unpaid_filter")}
        </button>
      </Form>
      {Object.values(errors).map((e) => (
        <p key={e} role="alert" className="text-sm text-red-700">
          {t(e)}
        </p>
      ))}
      <p role="status" className="text-sm text-green-800">
        {answer?.settled ? t("admin.invoice_settled_done", { number: answer.settled }) : ""}
      </p>
      <Failure text={answer?.failure ?? (answer?.fields?.invoice && t(answer.fields.invoice))} />
      {page && (
        <section aria-labelledby="unpaid-list" className="rounded border border-line bg-white p-4">
          <h2 id="unpaid-list" className="mb-2 font-semibold" data-testid="unpaid-total">
            {t("admin.unpaid_count", { count: page.total, amount: formatPrice(page.total_ttc, lang, "TTC") })}
          </h2>
          {page.list.length === 0 ? (
            <p className="text-sm text-muted">{t(all ? "admin.unpaid_empty_all" : "admin.unpaid_empty")}</p>
          ) : (
            <UnpaidTable rows={page.list} canSettle={canSettle} busy={busy} customer />
          )}
          <Pager page={page} label={t("admin.unpaid_pages")} href={href} />
        </section>
      )}
    </>
  );
}
