// Totals of the cart page, as the server computed them (cart_info): HT, discounts, freight, VAT, TTC,
// the free-delivery progress, pallet and parcel counts.
import { useT } from "#app/lib/i18n.tsx";
import type { CartInfo } from "#app/lib/cart-store.ts";
import { formatAmount, formatPrice } from "#core/money.ts";

/** What is left to reach free delivery (0 when free or without a threshold). */
export function leftForFreeDelivery(info: Pick<CartInfo, "isFreeDelivery" | "freeDeliveryThreshold" | "amount_for_freeDelivery">): number {
  if (info.isFreeDelivery) return 0;
  const left = Number(info.freeDeliveryThreshold) - Number(info.amount_for_freeDelivery);
  return Number(info.freeDeliveryThreshold) > 0 && left > 0 ? Math.round(left * 100) / 100 : 0;
}

export function CartTotalsView({ info }: { info: CartInfo }) {
  const { t, lang } = useT();
  const p = (v: string | number, label?: "HT" | "TTC") => formatPrice(v, lang, label);
  const row = (label: string, value: string, strong = false) => (
    <div className={`flex justify-between gap-4 py-1 ${strong ? "border-t border-line pt-2 text-lg font-semibold" : ""}`}>
      <dt>{label}</dt>
      <dd className="whitespace-nowrap">{value}</dd>
    </div>
  );
  const left = leftForFreeDelivery(info);
  const threshold = Number(info.freeDeliveryThreshold);
  const freight = Number(info.freightHt) + Number(info.tollHt) + Number(info.rdvHt);
  return (
    <section aria-labelledby="cart-totals" className="rounded border border-line bg-white p-4">
      <h2 id="cart-totals" className="mb-2 text-lg font-semibold">
        {t("cart.totals")}
      </h2>
      {info.isFreeDelivery ? (
        <p className="mb-3 rounded bg-green-50 p-2 text-sm text-green-800">{t("cart.free_delivery_reached")}</p>
      ) : left > 0 ? (
        <div className="mb-3 text-sm">
          <p>{t("cart.free_delivery_left", { amount: p(left, "HT") })}</p>
          <progress
            className="mt-1 h-2 w-full"
            max={threshold}
            value={Math.min(Number(info.amount_for_freeDelivery), threshold)}
            aria-label={t("cart.free_delivery_progress")}
          />
        </div>
      ) : null}
      <dl className="text-sm">
        {row(t("cart.goods_ht"), p(info.totalAmount, "HT"))}
        {Number(info.remiseAmount) > 0 && row(t("cart.promotions_included"), p(info.remiseAmount, "HT"))}
        {Number(info.discountAmount) !== 0 && row(t("cart.coupon"), p(info.discountAmount, "HT"))}
        {row(t("cart.freight_ht"), info.isFreeDelivery || freight === 0 ? t("cart.free") : p(freight, "HT"))}
        {Number(info.appliedFreightDiscountHt) !== 0 && row(t("cart.freight_discount"), p(info.appliedFreightDiscountHt, "HT"))}
        {row(t("cart.total_ht"), p(info.grandTotalHt, "HT"))}
        {row(t("cart.vat"), p(info.grandTotalTva))}
        {row(t("cart.total_ttc"), p(info.grandTotal, "TTC"), true)}
      </dl>
      <p className="mt-3 text-xs text-muted">
        {t("cart.logistics", {
          pallets: t(info.palette_num === 1 ? "cart.pallets_one" : "cart.pallets_other", { count: info.palette_num }),
          parcels: info.colis_qte,
          large: info.colis_vol_num,
          kg: formatAmount(info.totalPoids, lang, { minDigits: 0, maxDigits: 2 }),
        })}
      </p>
    </section>
  );
}
