// A quantity field with − and + buttons (keyboard: the field takes arrows and typing; buttons are labelled).
// Whole units only (the cart counts the model's sale unit), from 1 to `max` when a ceiling is known.
import { useId } from "react";
import { Minus, Plus } from "lucide-react";
import { useT } from "#app/lib/i18n.tsx";

type Props = { value: number; onChange: (n: number) => void; max?: number; label: string; disabled?: boolean; size?: "sm" | "md" };

export function clampQty(n: number, max?: number): number {
  const whole = Number.isFinite(n) ? Math.floor(n) : 1;
  const top = max && max > 0 ? max : 100_000;
  return Math.min(Math.max(whole, 1), top);
}

export function QuantityStepper({ value, onChange, max, label, disabled, size = "md" }: Props) {
  const { t } = useT();
  const id = useId();
  const h = size === "sm" ? "h-8" : "h-9";
  const btn = `flex ${h} w-8 items-center justify-center border border-line bg-white hover:border-brand disabled:opacity-40`;
  return (
    <div className="inline-flex items-stretch" role="group" aria-labelledby={`${id}-l`}>
      <span id={`${id}-l`} className="sr-only">
        {label}
      </span>
      <button
        type="button"
        className={`${btn} rounded-l`}
        aria-label={t("cart.decrease")}
        disabled={disabled || value <= 1}
        onClick={() => onChange(clampQty(value - 1, max))}
      >
        <Minus aria-hidden size={14} />
      </button>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        max={max && max > 0 ? max : undefined}
        step={1}
        value={value}
        aria-label={label}
        disabled={disabled}
        className={`${h} w-14 border-y border-line text-center [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none`}
        onChange={(e) => onChange(clampQty(Number(e.target.value), max))}
      />
      <button
        type="button"
        className={`${btn} rounded-r`}
        aria-label={t("cart.increase")}
        disabled={disabled || (!!max && max > 0 && value >= max)}
        onClick={() => onChange(clampQty(value + 1, max))}
      >
        <Plus aria-hidden size={14} />
      </button>
    </div>
  );
}
