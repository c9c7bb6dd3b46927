// The delivery board's two tables (admin/deliveries.tsx): the rounds (dates × zones) with their orders, and the
// orders to plan with their proposed date. A box of the second table belongs to the page's "accept the proposed
// dates" form (its `form` attribute): one click plans every order ticked.
import { Form, Link } from "react-router";
import type { DeliveryFlow } from "#core/planning/board.ts";
import type { Load } from "#core/planning/capacity.ts";
import { formatDate, weekdayName } from "#core/format-date.ts";
import { formatPrice } from "#core/price-format.ts";
import { weekdayOf } from "#core/planning/capacity.ts";
import { useT, type T } from "#app/lib/i18n.tsx";
import { adminPath } from "./guard.ts";

/** An order as the board's loader sends it (server/modules/planning/planning.service.ts PlanningOrder). */
type BoardOrder = {
  id: number;
  number: string;
  customer: string;
  zip: string;
  city: string;
  load: Load;
  prepared: boolean;
  rdv: boolean;
  toll_ht: string | null;
  flow: DeliveryFlow | null;
  proposed_date: string | null;
  last_date: string | null;
  receives: boolean;
};
type Zone = { code: string; name: string };
type Day = { date: string; rounds: { zone: string; capacity: Load; used: Load; orders: BoardOrder[] }[] };
type ToPlanOrder = BoardOrder & { zone: string | null; proposed: string | null };

const FLOW_TONE: Record<DeliveryFlow, string> = {
  awaiting: "bg-amber-100 text-amber-900",
  confirmed: "bg-green-100 text-green-900",
  unavailable: "bg-red-100 text-red-900",
  cancelled: "bg-red-100 text-red-900",
  rescheduled: "bg-sky-100 text-sky-900",
};

const button = "rounded border border-line px-2 py-0.5 text-xs hover:bg-paper disabled:opacity-60";

function orderLink(number: string, lang: "fr" | "zh") {
  return (
    <Link to={adminPath(lang, `/commandes/${encodeURIComponent(number)}`)} className="font-medium text-brand hover:underline">
      {number}
    </Link>
  );
}

function LoadText({ load, prepared, t }: { load: Load; prepared: boolean; t: T }) {
  return (
    <span title={t(prepared ? "planning.load_prepared" : "planning.load_estimated")}>
      {t("planning.load", { pallets: load.pallets, parcels: load.parcels })}
      {!prepared && " *"}
    </span>
  );
}

/** What the order asks of the round: an appointment, a toll road. */
function Extras({ o, t, lang }: { o: BoardOrder; t: T; lang: "fr" | "zh" }) {
  return (
    <>
      {o.rdv && <span className="rounded bg-violet-100 px-1 text-xs text-violet-900">{t("planning.rdv")}</span>}
      {o.toll_ht && <span className="text-xs">{t("planning.toll", { amount: formatPrice(o.toll_ht, lang, "HT") })}</span>}
    </>
  );
}

function Fill({ used, capacity, t }: { used: Load; capacity: Load; t: T }) {
  const over = used.pallets > capacity.pallets || used.parcels > capacity.parcels;
  return (
    <p className={`text-xs ${over ? "font-semibold text-red-700" : "text-muted"}`}>
      {t("planning.fill", { pallets: used.pallets, pallets_max: capacity.pallets, parcels: used.parcels, parcels_max: capacity.parcels })}
      {over && ` — ${t("planning.over")}`}
    </p>
  );
}

export function BoardTable({ zones, days, canWrite, busy }: { zones: Zone[]; days: Day[]; canWrite: boolean; busy: boolean }) {
  const { t, lang } = useT();
  return (
    <div className="overflow-x-auto rounded border border-line bg-white" role="region" aria-label={t("planning.board_label")} tabIndex={0}>
      <table className="w-full min-w-[64rem] text-left text-sm">
        <thead className="bg-paper">
          <tr>
            <th scope="col" className="p-2">
              {t("planning.date")}
            </th>
            {zones.map((z) => (
              <th key={z.code} scope="col" className="p-2">
                {z.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date} className="border-t border-line align-top">
              <th scope="row" className="whitespace-nowrap p-2 font-medium">
                {weekdayName(weekdayOf(d.date), lang)}
                <span className="block">{formatDate(d.date, lang)}</span>
              </th>
              {d.rounds.map((r) => (
                <td key={r.zone} className="p-2" data-round={`${d.date} ${r.zone}`}>
                  <Fill used={r.used} capacity={r.capacity} t={t} />
                  {r.orders.length > 0 && r.zone && (
                    <a
                      href={adminPath(lang, `/livraisons/tournee/${d.date}/${encodeURIComponent(r.zone)}`)}
                      className="text-xs text-brand underline"
                      download
                    >
                      {t("planning.sheet_link")}
                    </a>
                  )}
                  <ul className="mt-1 flex flex-col gap-2">
                    {r.orders.map((o) => (
                      <li key={o.id} className="rounded border border-line p-1">
                        <span className="flex flex-wrap items-center gap-1">
                          {orderLink(o.number, lang)}
                          {o.flow && (
                            <span className={`rounded px-1 text-xs ${FLOW_TONE[o.flow]}`}>
                              {t(`planning.flow_${o.flow}`, { date: o.proposed_date ? formatDate(o.proposed_date, lang) : "" })}
                            </span>
                          )}
                        </span>
                        <span className="block">{o.customer}</span>
                        <span className="block text-xs text-muted">
                          {o.zip} {o.city}
                        </span>
                        <span className="flex flex-wrap items-center gap-1 text-xs">
                          <LoadText load={o.load} prepared={o.prepared} t={t} />
                          <Extras o={o} t={t} lang={lang} />
                        </span>
                        {!o.receives && <span className="block text-xs text-red-700">{t("planning.not_receiving")}</span>}
                        {canWrite && (
                          <span className="mt-1 flex flex-wrap gap-1">
                            {o.flow === "unavailable" && o.proposed_date && (
                              <Form method="post">
                                <input type="hidden" name="intent" value="plan" />
                                <input type="hidden" name="order" value={o.id} />
                                <input type="hidden" name="date" value={o.proposed_date} />
                                <button type="submit" disabled={busy} className={button}>
                                  {t("planning.plan_on", { date: formatDate(o.proposed_date, lang) })}
                                </button>
                              </Form>
                            )}
                            <Form method="post">
                              <input type="hidden" name="intent" value="unplan" />
                              <input type="hidden" name="order" value={o.id} />
                              <button type="submit" disabled={busy} className={button}>
                                {t("planning.unplan")}
                              </button>
                            </Form>
                          </span>
                        )}
                      </li>
                    ))}
                  </ul>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function ToPlanTable({
  orders,
  zones,
  canWrite,
  busy,
  today,
}: {
  orders: ToPlanOrder[];
  zones: Zone[];
  canWrite: boolean;
  busy: boolean;
  today: string;
}) {
  const { t, lang } = useT();
  const zoneName = (code: string | null) => zones.find((z) => z.code === code)?.name ?? t("planning.zone_none");
  return (
    <div
      className="overflow-x-auto rounded border border-line bg-white"
      role="region"
      aria-label={t("planning.to_plan_title")}
      tabIndex={0}
    >
      <table className="w-full min-w-[64rem] text-left text-sm">
        <thead className="bg-paper">
          <tr>
            {canWrite && (
              <th scope="col" className="p-2">
                <span className="sr-only">{t("planning.pick")}</span>
              </th>
            )}
            <th scope="col" className="p-2">
              {t("planning.order")}
            </th>
            <th scope="col" className="p-2">
              {t("planning.delivery")}
            </th>
            <th scope="col" className="p-2">
              {t("planning.load_title")}
            </th>
            <th scope="col" className="p-2">
              {t("planning.proposed")}
            </th>
            {canWrite && (
              <th scope="col" className="p-2">
                {t("planning.plan_title")}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.id} className="border-t border-line align-top">
              {canWrite && (
                <td className="p-2">
                  <input
                    type="checkbox"
                    name="pick"
                    form="plan-proposed"
                    value={o.proposed ? `${o.id}:${o.proposed}` : ""}
                    disabled={!o.proposed}
                    aria-label={t("planning.pick_order", { number: o.number })}
                  />
                </td>
              )}
              <th scope="row" className="p-2 font-normal">
                {orderLink(o.number, lang)}
                <span className="block">{o.customer}</span>
                {o.flow === "cancelled" && (
                  <span className="block text-xs text-red-700">
                    {o.last_date ? t("planning.cancelled_on", { date: formatDate(o.last_date, lang) }) : t("planning.flow_cancelled")}
                  </span>
                )}
              </th>
              <td className="p-2">
                {o.zip} {o.city}
                <span className="block text-xs text-muted">{zoneName(o.zone)}</span>
              </td>
              <td className="p-2">
                <LoadText load={o.load} prepared={o.prepared} t={t} />
                <span className="flex flex-wrap gap-1">
                  <Extras o={o} t={t} lang={lang} />
                </span>
              </td>
              <td className="whitespace-nowrap p-2">
                {o.proposed ? (
                  <>
                    {weekdayName(weekdayOf(o.proposed), lang)} {formatDate(o.proposed, lang)}
                  </>
                ) : (
                  <span className="text-red-700">{t("planning.no_date")}</span>
                )}
              </td>
              {canWrite && (
                <td className="p-2">
                  <Form method="post" className="flex flex-wrap items-center gap-2">
                    <input type="hidden" name="intent" value="plan" />
                    <input type="hidden" name="order" value={o.id} />
                    <label className="sr-only" htmlFor={`date-${o.id}`}>
                      {t("planning.date_for", { number: o.number })}
                    </label>
                    <input
                      id={`date-${o.id}`}
                      type="date"
                      name="date"
                      min={today}
                      defaultValue={o.proposed ?? ""}
                      required
                      className="rounded border border-line px-2 py-1"
                    />
                    <label className="flex items-center gap-1 text-xs">
                      <input type="checkbox" name="force" />
                      {t("planning.force")}
                    </label>
                    <button type="submit" disabled={busy} className={button}>
                      {t("planning.plan")}
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
