// Gifted units of a line's promotion (core/cart/promotion.ts: per whole multiple of the minimum, on top of the
// percentage). Once reached: "+N offerts" (the server's `gifted_units`) and, with `next`, the quantity that
// offers more; below the minimum: the rule ("1 offert par 10 achetés"). Shown on /panier and in the checkout
// summary (reached units only there); the product page shows the rule (GiftRule).
import { useT, type T } from "#app/lib/i18n.tsx";
import { giftOffer, giftPerMultiple, promotionMinimum } from "#core/cart/promotion.ts";
import type { PromotionInfo } from "#core/cart/types.ts";

type Promo = Pick<PromotionInfo, "num" | "value" | "gifted_units">;

/** "1 offert par 10 achetés" / "每购买 10 件赠送 1 件"; "" without gift. */
export function giftRuleText(t: T, promo: Promo): string {
  const per = giftPerMultiple(promo);
  if (per === 0) return "";
  return t("cart.gift_rule", { count: promotionMinimum(promo), per, offered: t("cart.offered", { count: per }) });
}

type Props = {
  line: { num?: number; gifted_units?: number; remise_info?: PromotionInfo | null };
  className?: string;
  /** Also say from which quantity more units are offered. */
  next?: boolean;
};

export function GiftedUnits({ line, className = "text-xs font-semibold text-accent-dark", next = false }: Props) {
  const { t } = useT();
  const offer = line.remise_info ? giftOffer(line.remise_info, line.num ?? 0) : null;
  if (line.gifted_units && line.gifted_units > 0) {
    return (
      <>
        <span className={className} data-testid="gifted-units">
          {t("cart.gifted", { count: line.gifted_units })}
        </span>
        {next && offer && (
          <span className={className} data-testid="gift-next">
            {t("cart.gift_next", { count: offer.nextAt, per: offer.per, offered: t("cart.offered", { count: offer.per }) })}
          </span>
        )}
      </>
    );
  }
  if (offer && line.remise_info) return <span className={className}>{giftRuleText(t, line.remise_info)}</span>;
  return null;
}
