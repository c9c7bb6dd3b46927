import { Link, useLocation } from "react-router";
import { useT } from "#app/lib/i18n.tsx";
import { ClipboardList, ShoppingCart, User } from "lucide-react";
import { SearchBox } from "#app/components/search/search-box.tsx";
import { CategoryMenu } from "#app/components/catalogue/category-menu.tsx";
import { localePath, stripLocale } from "#core/slug.ts";
import { useSession } from "#app/lib/session-store.ts";
import { useShell } from "#app/lib/use-shell.ts";

const ACCOUNT_PATHS = ["/mon-compte", "/identite", "/adresses", "/historique-commandes", "/order-detail", "/orderdetail",
  "/order-retrun", "/suivi-commande", "/avoirs", "/reduction", "/une-question", "/accountpdfquotation", "/accountpdfquotations"];

/** SPEC §4: active icon follows the route — account 1, quick-order 2, cart 3. */
export function activeIcon(pathname: string): 0 | 1 | 2 | 3 {
  const p = stripLocale(pathname).path.replace(/^\/center(?=\/)/, "");
  if (ACCOUNT_PATHS.includes(p)) return 1;
  if (p.startsWith("/quick-order/") || p === "/collect") return 2;
  if (p === "/panier") return 3;
  return 0;
}

export function Header() {
  const { t } = useT();
  const { lang } = useShell();
  const user = useSession((s) => s.user);
  const { pathname, search } = useLocation();
  const active = activeIcon(pathname);
  const other = lang === "fr" ? "zh" : "fr";
  const icon = (n: number) =>
    `flex flex-col items-center gap-0.5 rounded px-2 py-1 text-xs hover:text-brand ${active === n ? "text-brand font-semibold" : "text-ink"}`;

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-white">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2">
        {t("skip_to_content")}
      </a>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-4 px-4 py-3">
        <Link to={localePath(lang, "/")} aria-label={t("header.home")} className="flex items-center gap-2">
          <img src="/images/logo.svg" alt="" width={40} height={40} />
          <span className="hidden font-bold text-brand sm:inline">{t("brand")}</span>
        </Link>
        <SearchBox />
        <nav className="ml-auto flex items-center gap-1" aria-label={t("header.account")}>
          <Link to={localePath(lang, "/mon-compte")} className={icon(1)} title={user?.email ?? t("header.account")}
            aria-current={active === 1 ? "page" : undefined}>
            <User aria-hidden size={22} />
            <span>{t("header.account")}</span>
          </Link>
          <Link to={localePath(lang, "/quick-order/purchased")} className={icon(2)} aria-current={active === 2 ? "page" : undefined}>
            <ClipboardList aria-hidden size={22} />
            <span>{t("header.quick_order")}</span>
          </Link>
          <Link to={localePath(lang, "/panier")} className={icon(3)} aria-current={active === 3 ? "page" : undefined}>
            <ShoppingCart aria-hidden size={22} />
            <span>{t("header.cart")}</span>
          </Link>
          <a
            href={`${localePath(other, pathname)}${search}`} hrefLang={other} lang={other === "zh" ? "zh-CN" : "fr-FR"}
            aria-label={t("header.switch_lang_label")}
            onClick={() => { document.cookie = `lang=${other}; path=/; max-age=31536000; samesite=lax`; }}
            className="ml-2 rounded border border-line px-2 py-1 text-sm hover:border-brand"
          >
            {t("header.switch_lang")}
          </a>
        </nav>
      </div>
      <CategoryMenu />
    </header>
  );
}
