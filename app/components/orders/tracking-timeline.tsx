// The order's progress (SPEC §2 /suivi-commande): placed, paid, planned for a date, shipped, delivered; or cancelled.
import { useT } from "#app/lib/i18n.tsx";
import { formatDate } from "#core/format-date.ts";
import type { TrackingStepAnswer } from "#core/contracts/orders.ts";

export function TrackingTimeline({ steps }: { steps: TrackingStepAnswer[] }) {
  const { t, lang } = useT();
  return (
    <ol className="flex flex-wrap gap-x-2 gap-y-3 text-sm">
      {steps.map((s, i) => (
        <li key={s.key} className="flex items-center gap-2">
          {i > 0 && <span aria-hidden className={`h-0.5 w-6 ${s.done ? "bg-brand" : "bg-line"}`} />}
          <span
            aria-hidden
            className={`inline-block h-3 w-3 rounded-full ${s.key === "cancelled" ? "bg-red-800" : s.done ? "bg-brand" : "border border-muted"}`}
          />
          <span className={s.done ? "font-semibold" : "text-muted"}>
            {t(`orders.step_${s.key}`)}
            {s.date && <> · {formatDate(s.date, lang)}</>}
            <span className="sr-only"> ({t(s.done ? "orders.step_done" : "orders.step_pending")})</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
