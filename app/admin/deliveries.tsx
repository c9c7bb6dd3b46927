// The delivery board (decision 138): two working weeks × the freight zones, each round with its orders, their load
// against its capacity and where each stands in the customer's confirmation; the orders to plan with the first date
// each fits. Planners plan an order on a date (forced past the capacity when they tick it), accept the proposed dates
// of the orders they tick, or take a date back; each is the order life's event, checked on the server.
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/deliveries";
import { can } from "#core/staff/permissions.ts";
import { shopToday } from "#core/aftersales/deliveries.ts";
import { boardDay } from "#core/planning/board.ts";
import { boardActionSchema } from "#core/validation/planning.ts";
import { formatDate } from "#core/format-date.ts";
import { translate } from "#core/i18n/translate.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminPath, requireStaff, staffContext } from "./guard.ts";
import { formAction, formFields, parseFields, type FormFailure } from "./form.ts";
import { Failure, PageTitle } from "./ui.tsx";
import { BoardTable, ToPlanTable } from "./delivery-board.tsx";
import { titleMeta } from "./meta.ts";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("planning.title");

export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = requireStaff(context, "planning:read");
  const now = new Date();
  const day = boardDay(new URL(request.url).searchParams.get("from"), shopToday(now));
  const board = await context.services.planning.board(context.services.db, { day, now, lang: context.lang });
  return { ...board, canWrite: can(staff.roles, "planning:write") };
}

export type BoardAnswer = FormFailure & { done?: string; refusals?: { number: string; reason: string }[] };

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = staffContext(context, "planning:write");
  const fields = await formFields(request);
  const { planning } = context.services;
  const t = (key: string, vars?: Record<string, string | number>) => translate(context.lang, key, vars);
  return formAction(context.lang, async (): Promise<BoardAnswer> => {
    const a = parseFields(boardActionSchema, fields);
    if (a.intent === "plan") {
      const { number } = await planning.move(ctx, a.order, { type: "plan", date: a.date, force: a.force });
      return { done: t("planning.planned", { number, date: formatDate(a.date, context.lang) }) };
    }
    if (a.intent === "unplan") {
      const { number } = await planning.move(ctx, a.order, { type: "unplan" });
      return { done: t("planning.unplanned", { number }) };
    }
    const { done, refusals } = await planning.planProposed(ctx, a.pick);
    return { done: done.length ? t("planning.planned_many", { count: done.length, numbers: done.join(", ") }) : undefined, refusals };
  });
}

export default function AdminDeliveries() {
  const { t, lang } = useT();
  const { span, today, zones, days, toPlan, waiting, canWrite } = useLoaderData<typeof loader>();
  const answer = useActionData<BoardAnswer>();
  const busy = useNavigation().state !== "idle";
  const at = (day: string) => `${adminPath(lang, "/livraisons")}?from=${day}`;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageTitle>{t("planning.title")}</PageTitle>
        <Link to={adminPath(lang, "/livraisons/capacites")} className="text-sm text-brand underline">
          {t("planning.capacities_link")}
        </Link>
      </div>
      {answer?.done && (
        <p role="status" className="rounded bg-green-50 p-3 text-sm text-green-800">
          {answer.done}
        </p>
      )}
      {answer?.refusals && answer.refusals.length > 0 && (
        <div role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800">
          <p>{t("planning.refused_some")}</p>
          <ul className="list-disc pl-5">
            {answer.refusals.map((r) => (
              <li key={r.number}>
                {r.number} : {r.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      <Failure text={answer?.failure ?? (answer?.fields ? t(Object.values(answer.fields)[0]) : undefined)} />

      <section aria-labelledby="board-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-4">
          <h2 id="board-title" className="text-lg font-semibold">
            {t("planning.board_title", {
              from: formatDate(span.dates[0] ?? span.from, lang),
              to: formatDate(span.dates.at(-1) ?? span.from, lang),
            })}
          </h2>
          <nav aria-label={t("planning.weeks")} className="flex gap-3 text-sm">
            <Link to={at(span.previous)} rel="prev">
              {t("planning.previous_weeks")}
            </Link>
            <Link to={at(today)}>{t("planning.this_week")}</Link>
            <Link to={at(span.next)} rel="next">
              {t("planning.next_weeks")}
            </Link>
          </nav>
        </div>
        <BoardTable zones={zones} days={days} canWrite={canWrite} busy={busy} />
      </section>

      <section aria-labelledby="to-plan-title" className="flex flex-col gap-3">
        <h2 id="to-plan-title" className="text-lg font-semibold">
          {t("planning.to_plan_title")}
        </h2>
        <p className="text-sm text-muted">
          {waiting === 0
            ? t("planning.to_plan_none")
            : toPlan.length < waiting
              ? t("planning.to_plan_first", { shown: toPlan.length, count: waiting })
              : t("planning.to_plan_count", { count: waiting })}
        </p>
        {toPlan.length > 0 && <ToPlanTable orders={toPlan} zones={zones} canWrite={canWrite} busy={busy} today={today} />}
        {toPlan.length > 0 && canWrite && (
          <Form method="post" id="plan-proposed">
            <input type="hidden" name="intent" value="plan_proposed" />
            <button
              type="submit"
              disabled={busy}
              className="rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
            >
              {t("planning.plan_proposed")}
            </button>
          </Form>
        )}
      </section>
    </div>
  );
}
