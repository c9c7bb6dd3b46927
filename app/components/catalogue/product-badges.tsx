import { useT } from "#app/lib/i18n.tsx";

/** New, promotion and price-drop badges of a product (card, list row, product page); colours with AA contrast. */
export function ProductBadges({ p, className }: { p: { is_new: boolean; in_promo: boolean; price_drop: boolean }; className: string }) {
  const { t } = useT();
  return (
    <div className={`flex gap-1 text-xs font-semibold ${className}`}>
      {p.is_new && <span className="rounded bg-brand px-1.5 py-0.5 text-white">{t("product.badge_new")}</span>}
      {p.in_promo && <span className="rounded bg-accent-dark px-1.5 py-0.5 text-white">{t("product.badge_promo")}</span>}
      {p.price_drop && <span className="rounded bg-green-800 px-1.5 py-0.5 text-white">{t("product.badge_drop")}</span>}
    </div>
  );
}
