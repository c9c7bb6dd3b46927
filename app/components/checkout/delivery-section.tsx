// Delivery mode of the checkout: parcel (GLS), pallet, carrier, or pickup at one of the shops (always free);
// the appointment option for pallet and carrier; the freight the server quoted.
import { useT } from "#app/lib/i18n.tsx";
import { formatPrice } from "#core/price-format.ts";
import { decOrZero } from "#core/money.ts";
import { weekdayName } from "#core/format-date.ts";
import type { CheckoutMode } from "#core/validation/checkout-form.ts";
import type { ModeAvailability, PreOrderInfo } from "#app/lib/checkout-api.ts";
import type { FreightAnswer } from "#core/contracts/shared.ts";

type Props = {
  modes: ModeAvailability[];
  mode: CheckoutMode | null;
  shops: PreOrderInfo["shops"];
  shopId: number | null;
  rdv: boolean;
  freight: FreightAnswer | null;
  refusal: string | null;
  errors: Record<string, string>;
  onMode: (m: CheckoutMode) => void;
  onShop: (id: number) => void;
  onRdv: (on: boolean) => void;
};

const RDV_MODES: CheckoutMode[] = ["pallet", "carrier"];

export function DeliverySection(p: Props) {
  const { t, lang } = useT();
  const current = p.modes.find((m) => m.mode === p.mode);
  const rdvAmount = p.freight?.rdv_amount ?? current?.rdv?.amount ?? null;
  const freightHt = p.freight ? decOrZero(p.freight.freight_ht).plus(decOrZero(p.freight.highway_toll_ht)) : null;
  return (
    <section aria-labelledby="checkout-delivery" className="flex flex-col gap-4 rounded border border-line bg-white p-5">
      <h2 id="checkout-delivery" className="text-lg font-semibold">
        {t("checkout.delivery_title")}
      </h2>
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">{t("checkout.delivery_mode")}</legend>
        {p.modes.map((m) => (
          <label
            key={m.mode}
            className={`flex flex-col rounded border p-3 text-sm ${p.mode === m.mode ? "border-brand" : "border-line"} ${m.available ? "" : "opacity-70"}`}
          >
            <span className="flex items-center gap-2">
              <input
                type="radio"
                name="delivery_mode"
                value={m.mode}
                checked={p.mode === m.mode}
                disabled={!m.available}
                onChange={() => p.onMode(m.mode)}
                aria-describedby={m.reason ? `mode-${m.mode}-reason` : undefined}
              />
              <span className="font-medium">{t(`checkout.mode_${m.mode}`)}</span>
              {m.mode === "pickup" && <span className="text-muted">— {t("checkout.free")}</span>}
            </span>
            {!m.available && m.reason && (
              <span id={`mode-${m.mode}-reason`} className="ml-6 text-red-700">
                {t(m.reason)}
              </span>
            )}
          </label>
        ))}
        {p.errors.mode && (
          <p role="alert" className="text-sm text-red-700">
            {t(p.errors.mode)}
          </p>
        )}
      </fieldset>

      {p.mode === "pickup" && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-semibold">{t("checkout.shop")}</legend>
          <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
            {p.shops.map((s) => (
              <label key={s.id} className={`flex gap-2 rounded border p-3 text-sm ${p.shopId === s.id ? "border-brand" : "border-line"}`}>
                <input
                  type="radio"
                  name="shop_id"
                  value={s.id}
                  checked={p.shopId === s.id}
                  onChange={() => p.onShop(s.id)}
                  className="mt-1"
                />
                <span className="flex flex-col">
                  <strong>{s.name}</strong>
                  <span>{s.address}</span>
                  <span className="mt-1 text-muted">{t("checkout.shop_hours")}</span>
                  {[1, 2, 3, 4, 5, 6, 7].map((d) => {
                    const h = s.hours[d - 1];
                    return (
                      <span key={d} className="text-xs">
                        <span className="capitalize">{weekdayName(d, lang)}</span> :{" "}
                        {h ? `${h.open} – ${h.close}` : t("catalogue.shops.closed")}
                      </span>
                    );
                  })}
                </span>
              </label>
            ))}
          </div>
          {p.errors.shop_id && (
            <p role="alert" className="text-sm text-red-700">
              {t(p.errors.shop_id)}
            </p>
          )}
        </fieldset>
      )}

      {p.mode &&
        RDV_MODES.includes(p.mode) &&
        (current?.rdv?.available !== false ? (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="rdv" checked={p.rdv} onChange={(e) => p.onRdv(e.target.checked)} />
            {t("checkout.rdv")}
            {rdvAmount != null && !decOrZero(rdvAmount).isZero() && (
              <span className="text-muted">(+ {formatPrice(rdvAmount, lang, "HT")})</span>
            )}
          </label>
        ) : (
          // The appointment is refused for some zips (optionRdvBlockZipcode): say why instead of a dead checkbox.
          <p className="text-sm text-muted" data-testid="rdv-refused">
            {t("checkout.rdv")} : {current.rdv.reason}
          </p>
        ))}

      {p.mode && p.mode !== "pickup" && freightHt && (
        <p className="text-sm" data-testid="freight-quote">
          {t("checkout.freight_quote")} : <strong>{formatPrice(freightHt.toFixed(2), lang, "HT")}</strong>
        </p>
      )}
      {p.refusal && (
        <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800">
          {p.refusal}
        </p>
      )}
    </section>
  );
}
