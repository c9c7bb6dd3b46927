// Quantity stepper and "add to cart" button. Rendered the same for every visitor (decision 063); the cart
// itself lives in the store after hydration. `line` is the model to add (a card's: card-line.ts); null when
// nothing can be bought, which disables the button.
import { useState } from "react";
import { ShoppingCart } from "lucide-react";
import { useT } from "#app/lib/i18n.tsx";
import { useCart } from "#app/lib/cart-store.ts";
import { useSession } from "#app/lib/session-store.ts";
import type { LocalLine } from "#app/lib/cart-storage.ts";
import { QuantityStepper } from "./quantity-stepper.tsx";

export type AddLine = Omit<LocalLine, "num">;

type Props = {
  line: AddLine | null;
  /** Name for the labels ("Quantité pour …"). */
  name: string;
  max?: number;
  disabled?: boolean;
  compact?: boolean;
};

export function AddToCart({ line, name, max, disabled, compact }: Props) {
  const { t } = useT();
  const [qty, setQty] = useState(1);
  const [busy, setBusy] = useState(false);
  const add = useCart((s) => s.add);

  async function onAdd() {
    setBusy(true);
    try {
      if (!line) useSession.getState().notify({ kind: "warning", text: t("cart.unavailable") });
      else if (await add([{ ...line, num: qty }])) setQty(1);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={`flex flex-wrap items-center gap-2 ${compact ? "" : "justify-end"}`}>
      <QuantityStepper
        value={qty}
        onChange={setQty}
        max={max}
        label={t("cart.qty_for", { name })}
        disabled={disabled || !line}
        size={compact ? "sm" : "md"}
      />
      <button
        type="button"
        onClick={onAdd}
        disabled={disabled || !line || busy}
        aria-label={t("cart.add_named", { name })}
        className="inline-flex items-center gap-1 rounded bg-brand px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-dark disabled:opacity-50"
      >
        <ShoppingCart aria-hidden size={16} />
        <span>{t("cart.add")}</span>
      </button>
    </div>
  );
}
