// Parts the coupons and promotions pages share (decision 144): the list's filter, a form field with its message,
// a state's badge, a period in words.
import { Link } from "react-router";
import { useT } from "#app/lib/i18n.tsx";
import { formatDate } from "#core/format-date.ts";
import type { Lang } from "#core/lang.ts";
import type { FormFailure } from "./form.ts";

/** What the pages' actions answer: a done message ("promotions.<done>"), or the form's refusal. */
export type Answer = FormFailure & { done?: string };

const STATUSES = ["active", "expired", "all"] as const;

/** The list's filter as links (`?statut=`), the current one marked. */
export function FilterLinks({ base, status }: { base: string; status: string }) {
  const { t } = useT();
  return (
    <nav aria-label={t("promotions.filter_label")} className="flex flex-wrap gap-2 text-sm">
      {STATUSES.map((s) => (
        <Link
          key={s}
          to={`${base}?statut=${s}`}
          aria-current={s === status ? "page" : undefined}
          className={`rounded border px-3 py-1 ${s === status ? "border-brand bg-brand text-white" : "border-line hover:bg-paper"}`}
        >
          {t(`promotions.filter_${s}`)}
        </Link>
      ))}
    </nav>
  );
}

type FieldProps = {
  name: string;
  /** The label's key. */
  label: string;
  fields?: Record<string, string>;
  defaultValue?: string;
  type?: string;
  inputMode?: "decimal" | "numeric";
  required?: boolean;
  maxLength?: number;
};

/** A labelled input and, after a refused sending, its message (announced, tied to the input). */
export function Field({ name, label, fields, type = "text", ...rest }: FieldProps) {
  const { t } = useT();
  const message = fields?.[name];
  const id = `field-${name}`;
  return (
    <label className="flex flex-col gap-1 text-sm">
      <span className="font-medium">{t(label)}</span>
      <input
        id={id}
        name={name}
        type={type}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        className="rounded border border-line px-2 py-1"
        {...rest}
      />
      {message && (
        <span id={`${id}-error`} role="alert" className="text-red-700">
          {t(message)}
        </span>
      )}
    </label>
  );
}

const TONES: Record<string, string> = {
  running: "bg-green-50 text-green-800",
  upcoming: "bg-blue-50 text-blue-800",
  ended: "bg-paper text-muted",
  used: "bg-paper text-muted",
};

export function StateBadge({ state }: { state: string }) {
  const { t } = useT();
  return <span className={`rounded px-2 py-0.5 text-xs font-semibold ${TONES[state] ?? ""}`}>{t(`promotions.state_${state}`)}</span>;
}

/** "du 01/12/2026 au 31/12/2026", or "à partir du 01/12/2026" without end. */
export function periodText(
  t: (key: string, vars?: Record<string, string | number>) => string,
  days: { from: string; to: string | null },
  lang: Lang,
) {
  const from = formatDate(days.from, lang);
  return days.to === null ? t("promotions.period_from", { from }) : t("promotions.period_from_to", { from, to: formatDate(days.to, lang) });
}
