// Coupon code (promoCodeVerification) with the customer's coupons to pick from (couponList), and the order note.
import { useState } from "react";
import { useT } from "#app/lib/i18n.tsx";
import type { CouponAnswer } from "#core/contracts/checkout.ts";
import { ORDER_NOTE_MAX } from "#core/validation/checkout-form.ts";
import { formatPrice } from "#core/price-format.ts";
import { decOrZero } from "#core/money.ts";
import type { Lang } from "#core/lang.ts";

/** "PRO10 — −10 %" or "BIENVENUE — −15,00 € HT". */
const couponText = (c: CouponAnswer, lang: Lang) => {
  const off =
    c.value && !decOrZero(c.value).isZero()
      ? `−${decOrZero(c.value).times(100).toFixed(0)} %`
      : c.amount
        ? `−${formatPrice(c.amount, lang, "HT")}`
        : "";
  return off ? `${c.code} — ${off}` : c.code;
};

type Props = {
  code: string;
  coupons: CouponAnswer[];
  note: string;
  noteError?: string;
  onApply: (code: string) => Promise<{ ok: boolean; text: string } | null>;
  onNote: (note: string) => void;
};

export function CouponSection({ code, coupons, note, noteError, onApply, onNote }: Props) {
  const { t, lang } = useT();
  const [value, setValue] = useState(code);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  async function apply(c: string) {
    setValue(c);
    setAnswer(await onApply(c));
  }
  return (
    <section aria-labelledby="checkout-coupon" className="flex flex-col gap-3 rounded border border-line bg-white p-5">
      <h2 id="checkout-coupon" className="text-lg font-semibold">
        {t("checkout.coupon_title")}
      </h2>
      <form
        method="post"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void apply(value.trim());
        }}
      >
        <label className="flex flex-col gap-1 text-sm">
          {t("checkout.coupon_code")}
          <input
            name="coupon_code"
            value={value}
            maxLength={40}
            onChange={(e) => setValue(e.target.value)}
            className="rounded border border-line px-3 py-2"
          />
        </label>
        <button type="submit" className="rounded bg-brand px-3 py-2 text-sm font-semibold text-white hover:bg-brand-dark">
          {t("checkout.coupon_apply")}
        </button>
        {code && (
          <button type="button" onClick={() => void apply("")} className="text-sm text-brand underline">
            {t("checkout.coupon_remove")}
          </button>
        )}
      </form>
      {answer && (
        <p role={answer.ok ? "status" : "alert"} className={`text-sm ${answer.ok ? "text-green-800" : "text-red-700"}`}>
          {answer.text}
        </p>
      )}
      {coupons.length > 0 && (
        <div className="text-sm">
          <p className="text-muted">{t("checkout.my_coupons")}</p>
          <ul className="mt-1 flex flex-wrap gap-2">
            {coupons.map((c) => (
              <li key={c.code}>
                <button
                  type="button"
                  onClick={() => void apply(c.code)}
                  aria-pressed={code === c.code}
                  className={`rounded border px-2 py-1 ${code === c.code ? "border-brand bg-brand text-white" : "border-line hover:border-brand"}`}
                >
                  {couponText(c, lang)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <label className="flex flex-col gap-1 text-sm">
        {t("checkout.note")}
        <textarea
          name="note"
          value={note}
          maxLength={ORDER_NOTE_MAX}
          rows={3}
          onChange={(e) => onNote(e.target.value)}
          aria-invalid={noteError ? true : undefined}
          className="rounded border border-line px-3 py-2"
        />
      </label>
      {noteError && (
        <p role="alert" className="text-sm text-red-700">
          {t(noteError)}
        </p>
      )}
    </section>
  );
}
