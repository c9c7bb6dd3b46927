// The rounds' capacities (decision 138): each zone's default in pallets and parcels, and the dates that have their
// own. Planners change them (planning:write, audited); every role that sees the board reads them.
import { Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import type { Route } from "./+types/delivery-capacities";
import { can } from "#core/staff/permissions.ts";
import { capacityActionSchema } from "#core/validation/planning.ts";
import { shopToday } from "#core/aftersales/deliveries.ts";
import { formatDate, weekdayName } from "#core/format-date.ts";
import { weekdayOf } from "#core/planning/capacity.ts";
import { useT } from "#app/lib/i18n.tsx";
import { adminPath, requireStaff, staffContext } from "./guard.ts";
import { formAction, formFields, parseFields, type FormFailure } from "./form.ts";
import { Failure, PageTitle } from "./ui.tsx";
import { titleMeta } from "./meta.ts";

export const handle = { personal: true };

export const meta: Route.MetaFunction = titleMeta("planning.capacities_title");

export async function loader({ context }: Route.LoaderArgs) {
  const staff = requireStaff(context, "planning:read");
  const now = new Date();
  const data = await context.services.planning.capacities(context.services.db, context.lang, now);
  return { ...data, today: shopToday(now), canWrite: can(staff.roles, "planning:write") };
}

export async function action({ context, request }: Route.ActionArgs) {
  const ctx = staffContext(context, "planning:write");
  const fields = await formFields(request);
  return formAction(
    context.lang,
    async () => {
      await context.services.planning.setCapacity(ctx, parseFields(capacityActionSchema, fields));
      return { done: true };
    },
    typeof fields.intent === "string" ? fields.intent : undefined,
  );
}

const input = "w-24 rounded border border-line px-2 py-1";
const button = "rounded bg-brand px-3 py-1 text-sm font-semibold text-white hover:bg-brand-dark disabled:opacity-60";

export default function AdminDeliveryCapacities() {
  const { t, lang } = useT();
  const { zones, days, today, canWrite } = useLoaderData<typeof loader>();
  const answer = useActionData<FormFailure & { done?: boolean }>();
  const busy = useNavigation().state !== "idle";
  const failure = answer?.failure ?? (answer?.fields ? t(Object.values(answer.fields)[0]) : undefined);
  const zoneName = (code: string) => zones.find((z) => z.code === code)?.name ?? code;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <PageTitle>{t("planning.capacities_title")}</PageTitle>
        <Link to={adminPath(lang, "/livraisons")} className="text-sm text-brand underline">
          {t("planning.back_to_board")}
        </Link>
      </div>
      <p className="text-sm text-muted">{t("planning.capacities_intro")}</p>
      {answer?.done && (
        <p role="status" className="rounded bg-green-50 p-3 text-sm text-green-800">
          {t("planning.capacity_saved")}
        </p>
      )}
      <Failure text={failure} />

      <section aria-labelledby="defaults-title" className="rounded border border-line bg-white p-4">
        <h2 id="defaults-title" className="mb-3 text-lg font-semibold">
          {t("planning.defaults_title")}
        </h2>
        <table className="text-left text-sm">
          <thead>
            <tr>
              <th scope="col" className="p-2">
                {t("planning.zone")}
              </th>
              <th scope="col" className="p-2">
                {t("planning.pallets")}
              </th>
              <th scope="col" className="p-2">
                {t("planning.parcels")}
              </th>
              {canWrite && (
                <th scope="col" className="p-2">
                  <span className="sr-only">{t("planning.save")}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {zones.map((z) =>
              canWrite ? (
                <tr key={z.code} className="border-t border-line">
                  <th scope="row" className="p-2 font-medium">
                    {z.name}
                  </th>
                  <td className="p-2">
                    <input
                      name="pallets"
                      form={`default-${z.code}`}
                      inputMode="numeric"
                      aria-label={t("planning.pallets_of", { zone: z.name })}
                      defaultValue={z.capacity?.pallets ?? 0}
                      className={input}
                    />
                  </td>
                  <td className="p-2">
                    <input
                      name="parcels"
                      form={`default-${z.code}`}
                      inputMode="numeric"
                      aria-label={t("planning.parcels_of", { zone: z.name })}
                      defaultValue={z.capacity?.parcels ?? 0}
                      className={input}
                    />
                  </td>
                  <td className="p-2">
                    <Form method="post" id={`default-${z.code}`}>
                      <input type="hidden" name="intent" value="default" />
                      <input type="hidden" name="zone" value={z.code} />
                      <button type="submit" disabled={busy} className={button}>
                        {t("planning.save")}
                      </button>
                    </Form>
                  </td>
                </tr>
              ) : (
                <tr key={z.code} className="border-t border-line">
                  <th scope="row" className="p-2 font-medium">
                    {z.name}
                  </th>
                  <td className="p-2">{z.capacity?.pallets ?? 0}</td>
                  <td className="p-2">{z.capacity?.parcels ?? 0}</td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="days-title" className="rounded border border-line bg-white p-4">
        <h2 id="days-title" className="mb-3 text-lg font-semibold">
          {t("planning.days_title")}
        </h2>
        {days.length === 0 ? (
          <p className="mb-4 text-sm text-muted">{t("planning.days_empty")}</p>
        ) : (
          <ul className="mb-4 flex flex-col gap-2 text-sm">
            {days.map((d) => (
              <li key={`${d.zone} ${d.date}`} className="flex flex-wrap items-center gap-3">
                <span>
                  {weekdayName(weekdayOf(d.date), lang)} {formatDate(d.date, lang)} — {zoneName(d.zone)} —{" "}
                  {t("planning.load", { pallets: d.pallets, parcels: d.parcels })}
                </span>
                {canWrite && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="clear" />
                    <input type="hidden" name="zone" value={d.zone} />
                    <input type="hidden" name="date" value={d.date} />
                    <button type="submit" disabled={busy} className="rounded border border-line px-2 py-0.5 text-xs hover:bg-paper">
                      {t("planning.day_clear")}
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
        {canWrite && (
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="day" />
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-medium">{t("planning.zone")}</span>
              <select name="zone" className="rounded border border-line px-2 py-1">
                {zones.map((z) => (
                  <option key={z.code} value={z.code}>
                    {z.name}
                  </option>
                ))}
              </select>
            </label>
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-medium">{t("planning.date")}</span>
              <input type="date" name="date" min={today} required className="rounded border border-line px-2 py-1" />
            </label>
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-medium">{t("planning.pallets")}</span>
              <input name="pallets" inputMode="numeric" defaultValue="0" className={input} />
            </label>
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-medium">{t("planning.parcels")}</span>
              <input name="parcels" inputMode="numeric" defaultValue="0" className={input} />
            </label>
            <button type="submit" disabled={busy} className={button}>
              {t("planning.day_save")}
            </button>
          </Form>
        )}
      </section>
    </div>
  );
}
