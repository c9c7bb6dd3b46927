// The customer's return requests with their status (/order-retrun and the returns part of /suivi-commande).
import { useT } from "#app/lib/i18n.tsx";
import { formatDate } from "#core/format-date.ts";
import type { ReturnAnswer } from "#core/contracts/aftersales.ts";

const TONE: Record<string, string> = {
  requested: "bg-amber-800 text-white",
  accepted: "bg-sky-800 text-white",
  refused: "bg-red-800 text-white",
  received: "bg-sky-800 text-white",
  refunded: "bg-green-800 text-white",
};

export function ReturnsList({ returns, headingId, title }: { returns: ReturnAnswer[]; headingId: string; title: string }) {
  const { t, lang } = useT();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3" data-testid="returns-list">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {returns.length === 0 ? (
        <p>{t("aftersales.my_returns_empty")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {returns.map((r) => (
            <li key={r.id} className="rounded border border-line p-4" data-testid="return-item">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold">
                  {t("aftersales.return_number", { id: r.id })} · {t("aftersales.return_of_order", { number: r.order_number })}
                </p>
                <span className={`rounded px-2 py-0.5 text-sm font-medium ${TONE[r.status] ?? ""}`}>
                  <span className="sr-only">{t("aftersales.return_status_label")} </span>
                  {r.status_text}
                </span>
              </div>
              <p className="text-sm text-muted">
                {t("aftersales.requested_on", { date: formatDate(r.created_at, lang) })} · {r.reason_text}
              </p>
              {r.comment && <p className="text-sm">{r.comment}</p>}
              {r.refusal_reason && (
                <p className="text-sm font-medium" data-testid="return-refusal">
                  {t("aftersales.return_refused_because", { reason: r.refusal_reason })}
                </p>
              )}
              <ul className="mt-2 list-disc pl-5 text-sm">
                {r.lines.map((l) => (
                  <li key={l.order_line_id}>
                    {l.num} × {l.reference} — {l.designation}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
