// /livraisons and /center/livraisons: the customer's planned deliveries to confirm, reschedule or cancel
// (SPEC §4; decision 082), and the receiving times per weekday (get/setReceiptArrangement).
import { useState } from "react";
import type { Route } from "./+types/deliveries";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { translate } from "#core/i18n/translate.ts";
import { langOfPath } from "#core/slug.ts";
import { customerContext } from "#app/lib/guard.ts";
import { DeliveryCard } from "#app/components/aftersales/delivery-card.tsx";
import { ReceivingSection } from "#app/components/checkout/receiving-section.tsx";
import type { ReceivingDay } from "#core/validation/receiving.ts";

/** Rendered for its customer, never from the render cache (decision 063). */
export const handle = { personal: true };

const WEEK = [1, 2, 3, 4, 5, 6, 7];

export async function loader({ context, url }: Route.LoaderArgs) {
  const ctx = customerContext(context, url);
  const { deliveries, receipt } = context.services;
  const [list, arrangement] = await Promise.all([deliveries.list(ctx, new Date()), receipt.get(ctx)]);
  return { ...list, arrangement };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOfPath(location.pathname);
  return [
    { title: `${translate(lang, "aftersales.deliveries_title")} — ${translate(lang, "common.brand")}` },
    { name: "robots", content: "noindex" },
  ];
};

export default function DeliveriesPage({ loaderData: { list, proposable_dates, arrangement } }: Route.ComponentProps) {
  const { t } = useT();
  // Every weekday shown, the saved slots ticked.
  const [days, setDays] = useState<ReceivingDay[]>(() =>
    WEEK.map((weekday) => arrangement.days.find((d) => d.weekday === weekday) ?? { weekday, morning: false, afternoon: false }),
  );

  async function save(next: ReceivingDay[]): Promise<string | null> {
    const res = await api("POST", "/site/Customer/setReceiptArrangement", {
      body: { days: next.filter((d) => d.morning || d.afternoon), note: arrangement.note },
    });
    if (!res) return null;
    return res.code === 200 ? t("aftersales.receiving_saved") : res.info;
  }

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold text-brand">{t("aftersales.deliveries_title")}</h1>
        <p className="mt-1">{t("aftersales.deliveries_intro")}</p>
      </div>
      {list.length === 0 ? (
        <p>{t("aftersales.deliveries_empty")}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {list.map((d) => (
            <DeliveryCard key={d.order_id} d={d} dates={proposable_dates} />
          ))}
        </ul>
      )}
      <ReceivingSection days={days} onChange={setDays} onSave={save} />
    </div>
  );
}
