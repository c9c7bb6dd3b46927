// Gifted units of a line's promotion (decision 086): "+N offerts" ("+1 offert") once the minimum is reached (the server's
// `gifted_units`, core giftedUnits), else what the minimum would offer. Shown on /panier and in the checkout summary.
import { useT } from "#app/lib/i18n.tsx";
import type { PromotionInfo } from "#core/cart/types.ts";

type Props = { line: { gifted_units?: number; remise_info?: PromotionInfo | null }; className?: string };

export function GiftedUnits({ line, className = "text-xs font-semibold text-accent-dark" }: Props) {
  const { t } = useT();
  const promised = Number(line.remise_info?.gifted_units) || 0;
  if (line.gifted_units && line.gifted_units > 0) {
    return (
      <span className={className} data-testid="gifted-units">
        {t("cart.gifted", { count: line.gifted_units })}
      </span>
    );
  }
  if (promised > 0 && line.remise_info) {
    return <span className={className}>{t("cart.gifted_from", { count: promised, min: line.remise_info.num })}</span>;
  }
  return null;
}
