// The accounting export (decision 146): a period of the shop's days, its journals' totals (debit = credit) shown on
// the page, then the CSV for the accountant's software. The period comes from the address's search parameters; the
// page reads only. For `accounting:export` (the owner, the manager, the accountant).
import { Form, useLoaderData } from "react-router";
import type { Route } from "./+types/accounting";
import { accountingPeriodSchema } from "#core/validation/accounting.ts";
import { isDomainError } from "#core/domain-errors.ts";
import { calendarDate } from "#core/format-date.ts";
import { formatPrice } from "#core/price-format.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminPath, requireStaff } from "./guard.ts";
import { PageTitle } from "./ui.tsx";
import { fieldMessages } from "./form.ts";
import { titleMeta } from "./meta.ts";

export const meta: Route.MetaFunction = titleMeta("admin.accounting_title");

const NO_ERRORS: Record<string, string> = {};

export async function loader({ context, request }: Route.LoaderArgs) {
  requireStaff(context, "accounting:export");
  const params = new URL(request.url).searchParams;
  const today = calendarDate(new Date());
  // without a period asked, the month so far
  const asked = { from: params.get("from") ?? `${today.slice(0, 8)}01`, to: params.get("to") ?? today };
  if (!params.has("from") && !params.has("to")) return { asked, errors: NO_ERRORS, totals: null, refusal: null };
  const parsed = accountingPeriodSchema.safeParse(asked);
  if (!parsed.success) return { asked, errors: fieldMessages(parsed.error), totals: null, refusal: null };
  try {
    const totals = await context.services.accounting.summary(context.services.db, parsed.data);
    return { asked: parsed.data, errors: NO_ERRORS, totals, refusal: null };
  } catch (e) {
    if (!isDomainError(e)) throw e;
    return { asked, errors: NO_ERRORS, totals: null, refusal: { key: e.key, vars: e.vars } };
  }
}

const input = "rounded border border-line px-3 py-2";

export default function AdminAccounting() {
  const { t, lang } = useT();
  const { asked, errors, totals, refusal } = useLoaderData<typeof loader>();
  const error = (name: string) =>
    errors[name] ? (
      <span role="alert" className="text-sm text-red-700">
        {t(errors[name])}
      </span>
    ) : null;
  const money = (amount: string) => formatPrice(amount, lang);
  const download = `${adminPath(lang, "/comptabilite/export")}?${new URLSearchParams(asked).toString()}`;
  return (
    <>
      <PageTitle>{t("admin.accounting_title")}</PageTitle>
      <p className="mb-4 max-w-3xl text-sm text-muted">{t("admin.accounting_intro")}</p>
      <Form
        method="get"
        className="mb-6 flex flex-wrap items-end gap-4 rounded border border-line bg-white p-4"
        aria-label={t("admin.accounting_period")}
      >
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t("admin.accounting_from")}</span>
          <input type="date" name="from" defaultValue={asked.from} required className={input} />
          {error("from")}
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t("admin.accounting_to")}</span>
          <input type="date" name="to" defaultValue={asked.to} required className={input} />
          {error("to")}
        </label>
        <button type="submit" className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
          {t("admin.accounting_show")}
        </button>
      </Form>
      {refusal ? (
        <p role="alert" className="text-red-700">
          {t(refusal.key, refusal.vars)}
        </p>
      ) : null}
      {totals ? (
        totals.journals.length === 0 ? (
          <p>{t("admin.accounting_empty")}</p>
        ) : (
          <section aria-label={t("admin.accounting_totals")} className="rounded border border-line bg-white p-4">
            <table className="mb-4 w-full max-w-2xl text-sm">
              <thead>
                <tr className="text-left">
                  <th className="p-2">{t("admin.accounting_journal")}</th>
                  <th className="p-2 text-right">{t("admin.accounting_lines")}</th>
                  <th className="p-2 text-right">{t("admin.accounting_debit")}</th>
                  <th className="p-2 text-right">{t("admin.accounting_credit")}</th>
                </tr>
              </thead>
              <tbody>
                {totals.journals.map((j) => (
                  <tr key={j.journal} className="border-t border-line">
                    <td className="p-2">{t(`admin.accounting_journal_${j.journal}`)}</td>
                    <td className="p-2 text-right">{j.lines}</td>
                    <td className="p-2 text-right">{money(j.debit)}</td>
                    <td className="p-2 text-right">{money(j.credit)}</td>
                  </tr>
                ))}
                <tr className="border-t border-line font-semibold">
                  <td className="p-2">{t("admin.accounting_total")}</td>
                  <td className="p-2" />
                  <td className="p-2 text-right">{money(totals.debit)}</td>
                  <td className="p-2 text-right">{money(totals.credit)}</td>
                </tr>
              </tbody>
            </table>
            <p className="mb-4">{t(totals.debit === totals.credit ? "admin.accounting_balanced" : "admin.accounting_unbalanced")}</p>
            <a href={download} download className="inline-block rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
              {t("admin.accounting_download")}
            </a>
          </section>
        )
      ) : null}
    </>
  );
}
