// Totals of the cart page, as the server computed them (cart_info): HT, discounts, freight, VAT, TTC; the
// delivery mode the freight assumes (a customer's saved choice, with a link to change it at /commande); the
// free-delivery threshold and progress (promotion lines counted at half value, SPEC §9); the minimum order;
// pallet and parcel counts. A visitor's cart never says delivery is free (core/cart/delivery-note.ts).
import { Link } from "react-router";
import { useT } from "#app/lib/i18n.tsx";
import type { CartInfo } from "#app/lib/cart-store.ts";
import { formatAmount, formatPrice } from "#core/price-format.ts";
import { cartDeliveryNote, freeDeliveryProgress, promotionsAtHalfValue, type CartDeliveryNote } from "#core/cart/delivery-note.ts";
import { minimumOrder, minimumOrderShortfall } from "#core/cart/minimum-order.ts";
import type { Numeric } from "#core/cart/types.ts";
import { localePath } from "#core/slug.ts";

type Props = {
  info: CartInfo & { delivery_mode?: string | null; shop_id?: number | null };
  loggedIn: boolean;
  /** Site config: the free-delivery thresholds by pallet count, and the minimum order (HT). */
  freeDeliveryAmount?: Numeric | readonly Numeric[] | null;
  minBuyPrice?: Numeric | null;
  /** The name of a shop by id (the saved store pickup's). */
  shopName?: (id: number) => string | undefined;
};

export function CartTotalsView({ info, loggedIn, freeDeliveryAmount, minBuyPrice, shopName }: Props) {
  const { t, lang } = useT();
  const p = (v: string | number, label?: "HT" | "TTC") => formatPrice(v, lang, label);
  const row = (label: string, value: string, strong = false, testId?: string) => (
    <div className={`flex justify-between gap-4 py-1 ${strong ? "border-t border-line pt-2 text-lg font-semibold" : ""}`}>
      <dt>{label}</dt>
      <dd className="whitespace-nowrap" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  const note = cartDeliveryNote(info, loggedIn);
  const progress = freeDeliveryProgress(note, info, freeDeliveryAmount);
  const freightText =
    note.kind === "charged" ? p(note.amount, "HT") : note.kind === "next_step" ? t("cart.freight_next_step") : t("cart.free");
  const minimum = minimumOrder(minBuyPrice);
  const short = minimumOrderShortfall(info.cartTotalAmount, minBuyPrice);
  return (
    <section aria-labelledby="cart-totals" className="rounded border border-line bg-white p-4">
      <h2 id="cart-totals" className="mb-2 text-lg font-semibold">
        {t("cart.totals")}
      </h2>
      {loggedIn && <DeliveryMode note={note} shopName={shopName} />}
      {note.kind === "free" && <p className="mb-3 rounded bg-green-50 p-2 text-sm text-green-800">{t("cart.free_delivery_reached")}</p>}
      {progress && (
        <div className="mb-3 text-sm" data-testid="free-delivery">
          <p>{t("cart.free_delivery_from", { amount: p(progress.threshold.toFixed(2), "HT") })}</p>
          {progress.left.sign() > 0 ? (
            <>
              <p>{t("cart.free_delivery_left", { amount: p(progress.left.toFixed(2), "HT") })}</p>
              <progress
                className="mt-1 h-2 w-full"
                max={Number(progress.threshold.toFixed(2))}
                value={Math.min(Number(progress.counted.toFixed(2)), Number(progress.threshold.toFixed(2)))}
                aria-label={t("cart.free_delivery_progress")}
              />
            </>
          ) : (
            <p>{t("cart.free_delivery_threshold_reached")}</p>
          )}
          {promotionsAtHalfValue(info) && (
            <p className="mt-1 text-xs text-muted">
              {t("cart.free_delivery_half_value", { amount: p(progress.counted.toFixed(2), "HT") })}
            </p>
          )}
        </div>
      )}
      <dl className="text-sm">
        {row(t("cart.goods_ht"), p(info.totalAmount, "HT"))}
        {Number(info.remiseAmount) > 0 && row(t("cart.promotions_included"), p(info.remiseAmount, "HT"))}
        {Number(info.discountAmount) !== 0 && row(t("cart.coupon"), p(info.discountAmount, "HT"))}
        {row(t("cart.freight_ht"), freightText, false, "cart-freight")}
        {Number(info.appliedFreightDiscountHt) !== 0 && row(t("cart.freight_discount"), p(info.appliedFreightDiscountHt, "HT"))}
        {row(t("cart.total_ht"), p(info.grandTotalHt, "HT"))}
        {row(t("cart.vat"), p(info.grandTotalTva))}
        {row(t("cart.total_ttc"), p(info.grandTotal, "TTC"), true)}
      </dl>
      {note.kind === "next_step" && <p className="mt-1 text-xs text-muted">{t("cart.total_before_freight")}</p>}
      {minimum &&
        (short ? (
          <p role="alert" className="mt-3 rounded bg-amber-50 p-2 text-sm text-amber-900" data-testid="cart-minimum">
            {t("cart.minimum_short", {
              minimum: p(minimum.toFixed(2), "HT"),
              left: p(minimum.minus(info.cartTotalAmount).toFixed(2), "HT"),
            })}
          </p>
        ) : (
          <p className="mt-3 text-xs text-muted" data-testid="cart-minimum">
            {t("cart.minimum", { minimum: p(minimum.toFixed(2), "HT") })}
          </p>
        ))}
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

/** "Mode de livraison : Retrait en magasin — <shop>" and the link to change it at /commande. */
function DeliveryMode({ note, shopName }: { note: CartDeliveryNote; shopName?: (id: number) => string | undefined }) {
  const { t, lang } = useT();
  const mode = note.kind === "pickup" ? "pickup" : note.mode;
  const shop = note.kind === "pickup" && note.shopId !== null ? shopName?.(note.shopId) : undefined;
  const name = mode ? t(`checkout.mode_${mode}`) : t("cart.mode_none");
  return (
    <p className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm" data-testid="cart-delivery-mode">
      <span>{t("cart.delivery_mode", { mode: shop ? `${name} — ${shop}` : name })}</span>
      <Link to={localePath(lang, "/commande")} className="text-brand underline">
        {t(mode ? "cart.delivery_mode_change" : "cart.delivery_mode_choose")}
      </Link>
    </p>
  );
}
