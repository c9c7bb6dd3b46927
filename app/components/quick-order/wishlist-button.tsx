// The heart toggle of product pages and list cards (decision 081): saves a reference in the
// caller's wishlist. Rendered the same for every visitor; the state comes after hydration. A visitor is
// sent to the login page.
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { Heart } from "lucide-react";
import { useT } from "#app/lib/i18n.tsx";
import { useSession } from "#app/lib/session-store.ts";
import { useWishlist } from "#app/lib/wishlist-store.ts";
import { localePath } from "#core/slug.ts";

type Props = { name: string; onChange?: (saved: boolean) => void } & ({ reference: string } | { productId: number });

export function WishlistButton(props: Props) {
  const { name, onChange } = props;
  const { t, lang } = useT();
  const user = useSession((s) => s.user);
  const refs = useWishlist((s) => s.refs);
  const products = useWishlist((s) => s.products);
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const saved = !!user && ("reference" in props ? (refs?.has(props.reference.toUpperCase()) ?? false) : products.has(props.productId));

  useEffect(() => {
    if (user && !refs) void useWishlist.getState().load();
    if (!user && refs) useWishlist.getState().reset();
  }, [user, refs]);

  async function toggle() {
    if (!user) {
      useSession.getState().notify({ kind: "info", text: t("wishlist.login") });
      await navigate(`${localePath(lang, "/connexion")}?redirect=${encodeURIComponent(location.pathname + location.search)}`);
      return;
    }
    setBusy(true);
    try {
      const target = "reference" in props ? { reference: props.reference } : { product_id: props.productId };
      if (await useWishlist.getState().toggle(target)) onChange?.(!saved);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      onClick={toggle}
      disabled={busy}
      aria-pressed={saved}
      aria-label={saved ? t("wishlist.remove", { name }) : t("wishlist.add", { name })}
      title={saved ? t("wishlist.remove", { name }) : t("wishlist.add", { name })}
      data-testid="wishlist-toggle"
      className="inline-flex h-8 w-8 items-center justify-center rounded border border-line bg-white text-brand hover:border-brand disabled:opacity-50"
    >
      <Heart aria-hidden size={16} fill={saved ? "currentColor" : "none"} />
    </button>
  );
}
