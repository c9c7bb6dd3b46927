import { lazy, memo, Suspense, useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { useT } from "#app/lib/i18n.tsx";
import * as clipboardList from "lucide-react/icons/clipboard-list";
import * as menuIcon from "lucide-react/icons/menu";
import * as shoppingCart from "lucide-react/icons/shopping-cart";
import * as userIcon from "lucide-react/icons/user";
import { shellIcon } from "#app/components/ui/shell-icon.tsx";
import { SearchBox } from "#app/components/search/search-box.tsx";
import { CategoryMenu } from "#app/components/catalogue/category-menu.tsx";
import { Island, islandKey } from "#app/lib/html-islands.tsx";
import { localePath, stripLocale } from "#core/slug.ts";
import { useSession } from "#app/lib/session-store.ts";
import { useShell } from "#app/lib/use-shell.tsx";
import { useCart } from "#app/lib/cart-store.ts";
import { useHeaderHidden } from "#app/lib/use-header-hidden.ts";
import { whenOnline } from "#app/lib/when-online.ts";
import { LanguageLink } from "./language-link.tsx";

// The side panel and the drawer (radix Dialog) load on first opening: no dialog code in every page's start-up (decision 064).
const CartPanel = lazy(whenOnline(() => import("#app/components/cart/cart-panel.tsx").then((m) => ({ default: m.CartPanel }))));
const MobileMenu = lazy(whenOnline(() => import("./mobile-menu.tsx")));

const ClipboardList = shellIcon(clipboardList);
const Menu = shellIcon(menuIcon);
const ShoppingCart = shellIcon(shoppingCart);
const User = shellIcon(userIcon);

const ACCOUNT_PATHS = [
  "/mon-compte",
  "/identite",
  "/adresses",
  "/historique-commandes",
  "/order-detail",
  "/orderdetail",
  "/order-retrun",
  "/suivi-commande",
  "/avoirs",
  "/factures",
  "/reduction",
  "/une-question",
  "/accountpdfquotation",
  "/accountpdfquotations",
  "/livraisons",
  "/notifications",
];

/** SPEC §4: active icon follows the route — account 1, quick-order 2, cart 3. */
function activeIcon(pathname: string): 0 | 1 | 2 | 3 {
  const p = stripLocale(pathname).path.replace(/^\/center(?=\/)/, "");
  if (ACCOUNT_PATHS.includes(p)) return 1;
  if (p.startsWith("/quick-order/") || p === "/collect") return 2;
  if (p === "/panier") return 3;
  return 0;
}

// Memoised (no props): a re-render of the router's tree after hydration (route discovery) skips it (decision 090).
export const Header = memo(function Header() {
  const { t } = useT();
  const { lang, init } = useShell();
  // Personal parts arrive after hydration (decision 063): the server's HTML is the same for everyone.
  const user = useSession((s) => s.user);
  const cartCount = useSession((s) => s.cartCount);
  const unread = useSession((s) => s.notifications_unread);
  useEffect(() => {
    void useCart.getState().loadLocal();
  }, []);
  const panelOpen = useCart((s) => s.panelOpen);
  const [panelUsed, setPanelUsed] = useState(false);
  if (panelOpen && !panelUsed) setPanelUsed(true); // once loaded it stays mounted (focus goes back on close)
  const { pathname } = useLocation();
  const active = activeIcon(pathname);
  const hidden = useHeaderHidden(pathname);
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  // A keyboard user tabbing into a hidden header brings it back.
  const [focused, setFocused] = useState(false);
  // Phones show the icons alone (their names stay for screen readers): the header is one row and the search.
  const icon = (n: number) =>
    `flex flex-col items-center gap-0.5 rounded p-1.5 text-xs hover:text-brand md:px-2 md:py-1 ${active === n ? "text-brand font-semibold" : "text-ink"}`;
  const iconName = "sr-only md:not-sr-only";

  return (
    <header
      className="site-header sticky top-0 z-30 border-b border-line bg-white"
      data-hidden={hidden && !focused}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setFocused(false);
      }}
    >
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2">
        {t("skip_to_content")}
      </a>
      {/* Phones (SPEC §4: below 768 px the header never hides): menu, logo and icons on one row, the search
          under them, the category menu in the drawer; about 107 px of an 844 px screen. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-2 px-4 py-2 md:gap-4 md:py-3">
        <button
          type="button"
          className="rounded p-2 hover:text-brand md:hidden"
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          aria-label={t("header.menu")}
          onClick={() => {
            setMenuLoaded(true);
            setMenuOpen(true);
          }}
        >
          <Menu size={24} />
        </button>
        <Link to={localePath(lang, "/")} aria-label={t("header.home")} className="flex shrink-0 items-center">
          {/* The wordmark (320×64) drawn at its own proportions: legible from 360 px screens up. */}
          <img src="/images/logo.svg" alt="" width={160} height={32} className="h-8 w-auto md:h-10" />
        </Link>
        <SearchBox />
        <nav className="ml-auto flex items-center gap-1" aria-label={t("header.account")}>
          <Link
            to={localePath(lang, "/mon-compte")}
            className={`relative ${icon(1)}`}
            title={user?.email ?? t("header.account")}
            aria-current={active === 1 ? "page" : undefined}
            aria-describedby={user && unread > 0 ? "header-unread" : undefined}
          >
            <User size={22} />
            {/* Unread notifications (decision 082): from the session part, after hydration. A description, not
                part of the link's name. */}
            {user && unread > 0 && (
              <>
                <span
                  data-testid="notifications-badge"
                  aria-hidden
                  className="absolute -right-1 -top-1 min-w-5 rounded-full bg-accent px-1 text-center text-xs font-semibold text-white"
                >
                  {unread}
                </span>
                <span id="header-unread" hidden>
                  {t("header.unread", { count: unread })}
                </span>
              </>
            )}
            <span className={iconName}>{t("header.account")}</span>
          </Link>
          <Link to={localePath(lang, "/quick-order/purchased")} className={icon(2)} aria-current={active === 2 ? "page" : undefined}>
            <ClipboardList size={22} />
            <span className={iconName}>{t("header.quick_order")}</span>
          </Link>
          {/* A link without script; once hydrated it opens the side panel (the panel links to /panier). */}
          <Link
            to={localePath(lang, "/panier")}
            className={`relative ${icon(3)}`}
            aria-current={active === 3 ? "page" : undefined}
            onClick={(e) => {
              if (active !== 3) {
                e.preventDefault();
                useCart.getState().setPanel(true);
              }
            }}
          >
            <ShoppingCart size={22} />
            {cartCount > 0 && (
              <span
                data-testid="cart-badge"
                aria-hidden
                className="absolute -right-1 -top-1 min-w-5 rounded-full bg-accent px-1 text-center text-xs font-semibold text-white"
              >
                {cartCount}
              </span>
            )}
            {/* The name starts with the visible word (WCAG 2.5.3): "Panier, 2 articles"; the badge is its picture. */}
            <span className={iconName}>{t("header.cart")}</span>
            {cartCount > 0 && (
              <span className="sr-only">{`, ${t(cartCount === 1 ? "header.cart_items_one" : "header.cart_items_other", { count: cartCount })}`}</span>
            )}
          </Link>
          {/* On phones the language link is in the menu drawer. */}
          <LanguageLink className="ml-2 hidden rounded border border-line px-2 py-1 text-sm hover:border-brand md:block" />
        </nav>
      </div>
      {/* the same for every customer: rendered once per language and menu on personal pages (decision 102) */}
      <Island id={islandKey("menu", lang, init?.menu, init?.product_cate)}>
        <CategoryMenu />
      </Island>
      {panelUsed && (
        <Suspense fallback={null}>
          <CartPanel />
        </Suspense>
      )}
      {menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} />
        </Suspense>
      )}
    </header>
  );
});
