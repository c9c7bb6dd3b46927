// Delivery receiving times per weekday, morning and afternoon (SPEC §3; get/setReceiptArrangement).
import { useState } from "react";
import { useT } from "#app/lib/i18n.tsx";
import { weekdayName } from "#core/format-date.ts";
import { receivingDaysSchema, type ReceivingDay } from "#core/validation/receiving.ts";

type Props = {
  days: ReceivingDay[];
  error?: string;
  onChange: (days: ReceivingDay[]) => void;
  onSave: (days: ReceivingDay[]) => Promise<string | null>;
};

export function ReceivingSection({ days, error, onChange, onSave }: Props) {
  const { t, lang } = useT();
  const [message, setMessage] = useState<string | null>(null);
  const [local, setLocal] = useState<string | null>(null);
  const toggle = (weekday: number, slot: "morning" | "afternoon") =>
    onChange(days.map((d) => (d.weekday === weekday ? { ...d, [slot]: !d[slot] } : d)));

  async function save() {
    setMessage(null);
    const ok = receivingDaysSchema.safeParse(days);
    setLocal(ok.success ? null : "validation.receiving_days_required");
    if (ok.success) setMessage(await onSave(days));
  }

  const shown = local ?? error;
  return (
    <section aria-labelledby="checkout-receiving" className="flex flex-col gap-3 rounded border border-line bg-white p-5">
      <h2 id="checkout-receiving" className="text-lg font-semibold">
        {t("checkout.receiving_title")}
      </h2>
      <p className="text-sm text-muted">{t("checkout.receiving_intro")}</p>
      <table className="text-sm">
        <caption className="sr-only">{t("checkout.receiving_title")}</caption>
        <thead>
          <tr>
            <th scope="col" className="text-left font-normal text-muted">
              {t("checkout.weekday")}
            </th>
            <th scope="col" className="font-normal">
              {t("checkout.morning")}
            </th>
            <th scope="col" className="font-normal">
              {t("checkout.afternoon")}
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.weekday}>
              <th scope="row" className="pr-4 text-left font-normal capitalize">
                {weekdayName(d.weekday, lang)}
              </th>
              {(["morning", "afternoon"] as const).map((slot) => (
                <td key={slot} className="text-center">
                  <input
                    type="checkbox"
                    checked={d[slot]}
                    onChange={() => toggle(d.weekday, slot)}
                    aria-label={`${weekdayName(d.weekday, lang)} — ${t(`checkout.${slot}`)}`}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {shown && (
        <p role="alert" className="text-sm text-red-700">
          {t(shown)}
        </p>
      )}
      <div className="flex items-center gap-3">
        <button
          type="button"
          onClick={save}
          className="rounded border border-brand px-3 py-1.5 text-sm text-brand hover:bg-brand hover:text-white"
        >
          {t("checkout.receiving_save")}
        </button>
        {message && (
          <p role="status" className="text-sm">
            {message}
          </p>
        )}
      </div>
    </section>
  );
}
