// The order summary: lines and the totals the server computed, broken down as the order pages will show them
// (core/order-breakdown.ts), and the minimum order amount notice. The browser computes nothing: the figures are
// the server's.
import { useT } from "#app/lib/i18n.tsx";
import { formatPrice } from "#core/price-format.ts";
import { breakdownRows, cartMoneyFigures } from "#core/order-breakdown.ts";
import { MoneyBreakdown } from "#app/components/orders/money-breakdown.tsx";
import type { CartAnswer } from "#app/lib/checkout-api.ts";
import { GiftedUnits } from "#app/components/cart/gifted-units.tsx";
import { minimumOrderShortfall } from "#core/cart/minimum-order.ts";
import type { CheckoutMode } from "#core/validation/checkout-form.ts";

/** `mode`: the delivery mode chosen, null until one is (the freight is then to choose, never "free"). */
type Props = { cart: CartAnswer; minBuyPrice: string | number | null; mode: CheckoutMode | null };

export function OrderSummary({ cart, minBuyPrice, mode }: Props) {
  const { t, lang } = useT();
  const i = cart.cart_info;
  const price = (v: string | number) => formatPrice(v, lang);
  const shortOf = minimumOrderShortfall(i.cartTotalAmount, minBuyPrice);
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
      <MoneyBreakdown
        rows={breakdownRows(cartMoneyFigures(i))}
        paid={false}
        label={t("checkout.summary_title")}
        freightText={mode === null ? t("checkout.freight_to_choose") : undefined}
      />
      {shortOf && (
        <p role="alert" className="rounded bg-amber-50 p-3 text-sm text-amber-900">
          {t("checkout.minimum", { amount: formatPrice(shortOf.toFixed(2), lang, "HT") })}
        </p>
      )}
    </section>
  );
}
