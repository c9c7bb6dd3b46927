// One editable line of /panier: image, name, unit price, stepper, line amount, promotion and stock warnings,
// removal with the 500 ms row animation of SPEC §9 (none when the visitor asks for reduced motion).
import { useState } from "react";
import { Link } from "react-router";
import { Trash2 } from "lucide-react";
import { useT } from "#app/lib/i18n.tsx";
import { useCart, type CartLineView } from "#app/lib/cart-store.ts";
import { formatPrice, formatUnitPrice } from "#core/price-format.ts";
import { QuantityStepper } from "./quantity-stepper.tsx";
import { GiftedUnits } from "./gifted-units.tsx";
import { reachesPromotion } from "#core/cart/promotion.ts";

const ROW_REMOVAL_MS = 500;

const reducedMotion = () => typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

export function CartLineRow({ line }: { line: CartLineView }) {
  const { t, lang } = useT();
  const [leaving, setLeaving] = useState(false);
  const { setQty, remove } = useCart.getState();
  const name = line.name ?? line.reference ?? `#${line.model_id}`;
  const ceiling = line.purchasable_qty && line.purchasable_qty > 0 ? line.purchasable_qty : undefined;
  const promo = line.remise_info;
  const pct = promo ? Math.round(Number(promo.value) * 10000) / 100 : 0;

  async function onRemove() {
    if (reducedMotion()) return void remove(line.model_id);
    setLeaving(true);
    await new Promise((r) => setTimeout(r, ROW_REMOVAL_MS));
    if (!(await remove(line.model_id))) setLeaving(false);
  }

  return (
    <li
      data-testid="cart-line"
      className={`flex flex-wrap gap-3 border-b border-line py-3 transition-all duration-500 motion-reduce:transition-none ${leaving ? "-translate-x-8 opacity-0" : ""}`}
    >
      <img
        src={line.image ?? "/images/placeholder.svg"}
        alt=""
        width={96}
        height={78}
        className="h-20 w-24 shrink-0 rounded bg-paper object-contain"
      />
      <div className="min-w-0 flex-1">
        <p className="font-medium" data-line-name>
          {line.url ? (
            <Link to={line.url} className="hover:underline">
              {name}
            </Link>
          ) : (
            name
          )}
        </p>
        {line.label && <p className="text-sm text-muted">{line.label}</p>}
        {line.reference && <p className="text-xs text-muted">{t("cart.ref", { ref: line.reference })}</p>}
        {line.price && <p className="text-sm">{formatUnitPrice(line.price, lang, "HT")}</p>}
        {line.quoted && line.quotation_number && (
          <p className="text-xs font-semibold text-brand" data-testid="quoted-badge">
            {t("quotations.quoted_line", { number: line.quotation_number })}
          </p>
        )}
        {promo && pct > 0 && (
          <p className="text-xs text-accent-dark">
            {reachesPromotion(promo, line.num) ? t("cart.promo_applied", { pct }) : t("cart.promo_from", { pct, n: promo.num })}
          </p>
        )}
        <GiftedUnits line={line} next className="block text-xs font-semibold text-accent-dark" />
        {line.not_for_sale && (
          <p role="alert" className="text-xs text-red-800">
            {t("cart.not_for_sale")}
          </p>
        )}
        {!line.not_for_sale && line.stock !== undefined && line.num > line.stock && (
          <p role="alert" className="text-xs text-red-800">
            {t("cart.stock_short", { count: line.stock })}
          </p>
        )}
        {ceiling !== undefined && line.num > ceiling && (
          <p role="alert" className="text-xs text-red-800">
            {t("cart.over_ceiling", { n: ceiling })}
          </p>
        )}
      </div>
      <div className="flex items-center gap-3">
        <QuantityStepper value={line.num} onChange={(n) => void setQty(line.model_id, n)} label={t("cart.qty_for", { name })} size="sm" />
        {line.amount && <p className="w-28 text-right font-semibold">{formatPrice(line.amount, lang, "HT")}</p>}
        <button
          type="button"
          onClick={onRemove}
          disabled={leaving}
          aria-label={t("cart.remove_named", { name })}
          className="rounded p-2 text-muted hover:bg-paper hover:text-red-800"
        >
          <Trash2 aria-hidden size={18} />
        </button>
      </div>
    </li>
  );
}
