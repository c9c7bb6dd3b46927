// The order summary: lines and the totals the server computed (HT, VAT, freight, discounts, TTC), and the
// minimum order amount notice. Nothing here is computed by the browser beyond adding the server's figures.
import { useT } from "#app/lib/i18n.tsx";
import { decOrZero, formatPrice } from "#core/money.ts";
import type { CartAnswer } from "#app/lib/checkout-api.ts";
import { GiftedUnits } from "#app/components/cart/gifted-units.tsx";
import { minimumOrderShortfall } from "#core/cart/minimum-order.ts";
import type { CheckoutMode } from "#core/validation/checkout-form.ts";

/** `mode`: the delivery mode chosen, null until one is (the freight is then to choose, never "free"). */
type Props = { cart: CartAnswer; minBuyPrice: string | number | null; mode: CheckoutMode | null };

export function OrderSummary({ cart, minBuyPrice, mode }: Props) {
  const pickup = mode === "pickup";
  const { t, lang } = useT();
  const i = cart.cart_info;
  const price = (v: string | number) => formatPrice(v, lang);
  const delivery = decOrZero(i.freightHt).plus(decOrZero(i.tollHt)).plus(decOrZero(i.rdvHt)).toFixed(2);
  const discount = decOrZero(i.discountAmount).plus(decOrZero(i.appliedFreightDiscountHt));
  const shortOf = minimumOrderShortfall(i.cartTotalAmount, minBuyPrice);
  const row = (label: string, value: string, strong = false, testId?: string) => (
    <div className={`flex justify-between gap-4 ${strong ? "border-t border-line pt-2 text-base font-bold" : ""}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
  return (
    <section aria-labelledby="checkout-summary" className="flex flex-col gap-3 rounded border border-line bg-paper p-5">
      <h2 id="checkout-summary" className="text-lg font-semibold">
        {t("checkout.summary_title")}
      </h2>
      <ul className="flex flex-col gap-1 text-sm">
        {cart.cart_list.map((l) => (
          <li key={l.id || l.model_id} className="flex justify-between gap-3">
            <span>
              {l.num} × {l.name ?? l.label ?? l.reference}
              {l.label && l.name ? ` (${l.label})` : ""}
              {l.gifted_units ? (
                <>
                  {" "}
                  <GiftedUnits line={l} className="text-xs font-semibold text-accent-dark" />
                </>
              ) : null}
            </span>
            <span className="whitespace-nowrap">{price(l.amount)}</span>
          </li>
        ))}
      </ul>
      <dl className="flex flex-col gap-1 text-sm">
        {row(t("checkout.goods_ht"), price(i.totalAmount))}
        {!discount.isZero() && row(t("checkout.discount"), price(discount.toFixed(2)))}
        {row(
          t("checkout.freight"),
          mode === null ? t("checkout.freight_to_choose") : pickup || decOrZero(delivery).isZero() ? t("checkout.free") : price(delivery),
          false,
          "summary-freight",
        )}
        {row(t("checkout.total_ht"), price(i.grandTotalHt))}
        {row(t("checkout.vat"), price(i.grandTotalTva))}
        {row(t("checkout.total_ttc"), price(i.grandTotal), true, "summary-total")}
      </dl>
      {shortOf && (
        <p role="alert" className="rounded bg-amber-50 p-3 text-sm text-amber-900">
          {t("checkout.minimum", { amount: formatPrice(shortOf.toFixed(2), lang, "HT") })}
        </p>
      )}
    </section>
  );
}
