// The side cart panel (SPEC §3 side-panel line: image, name, quantity, price): a modal drawer (focus kept
// inside, Esc closes), opened after an add and from the header cart icon, with the units a promotion offers.
// Links to /panier and /commande only. It states nothing of delivery: the freight, its mode and the
// free-delivery threshold are the cart page's (core/cart/delivery-note.ts), whose totals an add does not refresh.
import { Dialog } from "radix-ui";
import { Link } from "react-router";
import { X } from "lucide-react";
import { useT } from "#app/lib/i18n.tsx";
import { useCart } from "#app/lib/cart-store.ts";
import { formatUnitPrice } from "#core/price-format.ts";
import { localePath } from "#core/slug.ts";
import { GiftedUnits } from "./gifted-units.tsx";

export function CartPanel() {
  const { t, lang } = useT();
  const open = useCart((s) => s.panelOpen);
  const setPanel = useCart((s) => s.setPanel);
  const lines = useCart((s) => s.lines);
  const close = () => setPanel(false);
  return (
    <Dialog.Root open={open} onOpenChange={setPanel}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-[min(92vw,24rem)] flex-col bg-white shadow-xl">
          <div className="flex items-center justify-between border-b border-line p-4">
            <Dialog.Title className="text-lg font-semibold">{t("cart.panel_title")}</Dialog.Title>
            <Dialog.Close className="rounded p-1 hover:bg-paper" aria-label={t("cart.close")}>
              <X aria-hidden size={20} />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">{t("cart.panel_description")}</Dialog.Description>
          {lines.length === 0 ? (
            <p className="p-4 text-muted">{t("api.cart_empty")}</p>
          ) : (
            <ul className="flex-1 divide-y divide-line overflow-y-auto" aria-label={t("cart.panel_title")}>
              {lines.map((l) => (
                <li key={l.model_id} className="flex gap-3 p-3">
                  <img
                    src={l.image ?? "/images/placeholder.svg"}
                    alt=""
                    width={64}
                    height={52}
                    className="h-13 w-16 shrink-0 rounded bg-paper object-contain"
                  />
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="line-clamp-2 font-medium">{l.name ?? l.reference ?? `#${l.model_id}`}</p>
                    <p className="text-muted">{t("cart.qty_short", { n: l.num })}</p>
                    {l.gifted_units ? <GiftedUnits line={l} className="block text-xs font-semibold text-accent-dark" /> : null}
                    {l.price && <p className="font-semibold text-brand">{formatUnitPrice(l.price, lang, "HT")}</p>}
                  </div>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-auto flex flex-col gap-2 border-t border-line p-4">
            <Link
              to={localePath(lang, "/panier")}
              onClick={close}
              className="rounded border border-brand px-4 py-2 text-center font-semibold text-brand hover:bg-paper"
            >
              {t("cart.view_cart")}
            </Link>
            {lines.length > 0 && (
              <Link
                to={localePath(lang, "/commande")}
                onClick={close}
                className="rounded bg-brand px-4 py-2 text-center font-semibold text-white hover:bg-brand-dark"
              >
                {t("cart.checkout")}
              </Link>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
