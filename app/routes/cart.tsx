// /panier (SPEC §2, §4): the cart, for visitors (the browser cart priced by the server) and customers (the
// server cart). The same HTML for everyone (decision 063): lines and totals arrive after hydration.
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { AlertDialog } from "radix-ui";
import type { Route } from "./+types/cart";
import { useT } from "#app/lib/i18n.tsx";
import { useCart } from "#app/lib/cart-store.ts";
import { useSession } from "#app/lib/session-store.ts";
import { CartLineRow } from "#app/components/cart/cart-line-row.tsx";
import { CartTotalsView } from "#app/components/cart/cart-totals.tsx";
import { CreateQuotationButton } from "#app/components/quotations/quotation-parts.tsx";
import { checkPurchasable } from "#core/cart/operations.ts";
import { translate } from "#core/i18n/translate.ts";
import { langOfPath, localePath } from "#core/slug.ts";
import type { Numeric } from "#core/cart/types.ts";
import { useShell } from "#app/lib/use-shell.tsx";

export const handle = { personal: true };

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOfPath(location.pathname);
  return [{ title: `${translate(lang, "cart.title")} — ${translate(lang, "common.brand")}` }, { name: "robots", content: "noindex" }];
};

export default function CartPage() {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const lines = useCart((s) => s.lines);
  const info = useCart((s) => s.info);
  const user = useSession((s) => s.user);
  const config = useSession((s) => s.config);
  const { shops } = useShell();
  const [ready, setReady] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const [busy, setBusy] = useState(false);

  // The cart list on arrival, and again once the session is known (anonymous `carts` or the server cart).
  useEffect(() => {
    let live = true;
    void (async () => {
      if (!useSession.getState().user) await useCart.getState().loadLocal();
      await useCart.getState().refresh();
      if (live) setReady(true);
    })();
    return () => {
      live = false;
    };
  }, [user]);

  // SPEC §4 checkout entry: refresh, then stay here with the dialog when a line is above its purchasable quantity.
  async function checkout() {
    setBusy(true);
    try {
      if (!(await useCart.getState().refresh())) return;
      if (!checkPurchasable(useCart.getState().lines).ok) return setBlocked(true);
      const to = localePath(lang, "/commande");
      await navigate(useSession.getState().user ? to : `${localePath(lang, "/connexion")}?redirect=${encodeURIComponent(to)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <h1 className="mb-4 text-2xl font-semibold">{t("cart.title")}</h1>
      {lines.length === 0 ? (
        <div className="rounded border border-line bg-white p-6 text-center">
          <p className="mb-3">{ready ? t("api.cart_empty") : t("cart.loading")}</p>
          <Link to={localePath(lang, "/")} className="text-brand underline">
            {t("cart.continue")}
          </Link>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <section aria-labelledby="cart-lines">
            <h2 id="cart-lines" className="sr-only">
              {t("cart.lines")}
            </h2>
            <ul>
              {lines.map((l) => (
                <CartLineRow key={l.model_id} line={l} />
              ))}
            </ul>
            {lines.some((l) => l.quoted) && <p className="mt-2 text-sm text-muted">{t("quotations.quoted_line_hint")}</p>}
          </section>
          <div className="flex flex-col gap-3">
            {info && (
              <CartTotalsView
                info={info}
                loggedIn={user !== null}
                freeDeliveryAmount={config.freeDeliveryAmount as Numeric | Numeric[] | undefined}
                minBuyPrice={config.minBuyPrice as Numeric | undefined}
                shopName={(id) => shops.find((s) => s.id === id)?.name}
              />
            )}
            <button
              type="button"
              onClick={checkout}
              disabled={busy}
              className="rounded bg-brand px-4 py-3 font-semibold text-white hover:bg-brand-dark disabled:opacity-50"
            >
              {t("cart.checkout")}
            </button>
            {user && <CreateQuotationButton />}
            <Link to={localePath(lang, "/")} className="text-center text-sm text-brand underline">
              {t("cart.continue")}
            </Link>
          </div>
        </div>
      )}
      <AlertDialog.Root open={blocked} onOpenChange={setBlocked}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
          <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded bg-white p-5 shadow-lg">
            <AlertDialog.Title className="text-lg font-semibold">{t("cart.blocked_title")}</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-sm">{t("api.parts_of_goods_not_for_sell")}</AlertDialog.Description>
            <div className="mt-5 flex justify-end">
              <AlertDialog.Action className="rounded bg-brand px-4 py-1.5 text-white hover:bg-brand-dark">
                {t("api.confirm")}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </div>
  );
}
