// The customer's receiving times (days, morning or afternoon, and their note), as the order and customer pages show them.
import { weekdayName } from "#core/format-date.ts";
import { useT } from "#app/lib/i18n.tsx";

export type Receiving = { days: { weekday: number; morning: boolean; afternoon: boolean }[]; note: string | null };

export function ReceivingTimes({ receiving, level: Heading = "h3" }: { receiving: Receiving | null; level?: "h2" | "h3" }) {
  const { t, lang } = useT();
  const days = receiving?.days.filter((d) => d.morning || d.afternoon) ?? [];
  return (
    <>
      <Heading className="mt-3 text-sm font-semibold">{t("admin.order_receiving")}</Heading>
      {days.length === 0 ? (
        <p className="text-sm text-muted">{t("admin.order_receiving_none")}</p>
      ) : (
        <ul className="text-sm">
          {days.map((d) => (
            <li key={d.weekday}>
              {weekdayName(d.weekday, lang)}
              {lang === "fr" ? "\u00a0: " : "："}
              {[d.morning && t("admin.order_morning"), d.afternoon && t("admin.order_afternoon")].filter(Boolean).join(", ")}
            </li>
          ))}
        </ul>
      )}
      {receiving?.note && <p className="mt-1 text-sm italic">{receiving.note}</p>}
    </>
  );
}
