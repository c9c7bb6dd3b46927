// The account menu (decision 081): one list of every account page, shown beside each of them by
// AccountShell (root layout). The current page's entry carries aria-current; on narrow screens the list folds
// behind a button. Links are language-aware; a page built elsewhere may 404 until it is merged.
import { useState } from "react";
import { Link, useLocation } from "react-router";
import * as chevronDown from "lucide-react/icons/chevron-down";
import { shellIcon } from "#app/components/ui/shell-icon.tsx";
import { useT } from "#app/lib/i18n.tsx";
import { useSession } from "#app/lib/session-store.ts";
import { localePath, stripLocale } from "#core/slug.ts";
import { Island, islandKey } from "#app/lib/html-islands.tsx";

const ChevronDown = shellIcon(chevronDown);

/** Every account page: message key (area.menu.*) and French path. */
export const ACCOUNT_MENU = [
  ["account", "/mon-compte"],
  ["identity", "/identite"],
  ["addresses", "/adresses"],
  ["orders", "/historique-commandes"],
  ["tracking", "/suivi-commande"],
  ["invoices", "/factures"],
  ["credit_notes", "/avoirs"],
  ["discounts", "/reduction"],
  ["quotations", "/accountpdfquotations"],
  ["quick_order", "/quick-order/purchased"],
  ["wishlist", "/quick-order/wishlist"],
  ["deliveries", "/livraisons"],
  ["questions", "/une-question"],
  ["notifications", "/notifications"],
] as const;

/** Other account paths and the menu entry they belong to (details, aliases of SPEC §2). */
const RELATED: Record<string, string> = {
  "/order-detail": "/historique-commandes",
  "/orderdetail": "/historique-commandes",
  "/order-retrun": "/suivi-commande",
  "/accountpdfquotation": "/accountpdfquotations",
  "/collect": "/quick-order/purchased",
};

/** The menu entry of a path (with or without /zh and /center), or null when it is not an account page. */
export function accountEntry(pathname: string): string | null {
  let path = stripLocale(pathname).path.replace(/\/+$/, "") || "/";
  if (path.startsWith("/center/")) path = path.slice("/center".length);
  if (ACCOUNT_MENU.some(([, p]) => p === path)) return path;
  if (RELATED[path]) return RELATED[path];
  if (/^\/quick-order\/[^/]+$/.test(path)) return "/quick-order/purchased";
  return null;
}

function AccountMenu({ current, unread }: { current: string | null; unread?: number }) {
  const { lang } = useT();
  // The unread notifications count (filled by the notifications feature), unless given.
  const stored = useSession((s) => s.notifications_unread);
  const count = unread ?? stored;
  const currentKey = ACCOUNT_MENU.find(([, p]) => p === current)?.[0];
  // Its HTML depends on these alone: kept per language, entry and count on personal pages (decision 102).
  return (
    <Island id={islandKey("account-menu", lang, current, count)}>
      <AccountMenuList current={current} currentKey={currentKey} count={count} />
    </Island>
  );
}

function AccountMenuList({ current, currentKey, count }: { current: string | null; currentKey?: string; count: number }) {
  const { t, lang } = useT();
  const [open, setOpen] = useState(false);
  return (
    <nav aria-label={t("area.menu.label")} className="md:w-56 md:shrink-0" data-testid="account-menu">
      <button
        type="button"
        className="flex w-full items-center justify-between rounded border border-line px-3 py-2 font-semibold md:hidden"
        aria-expanded={open}
        aria-controls="account-menu-list"
        onClick={() => setOpen((o) => !o)}
      >
        <span>{`${t("area.menu.label")}${currentKey ? ` — ${t(`area.menu.${currentKey}`)}` : ""}`}</span>
        <ChevronDown size={18} className={open ? "rotate-180" : ""} />
      </button>
      <ul id="account-menu-list" className={`${open ? "flex" : "hidden"} mt-2 flex-col gap-1 md:mt-0 md:flex`}>
        {ACCOUNT_MENU.map(([key, path]) => {
          const active = path === current;
          return (
            <li key={key}>
              <Link
                to={localePath(lang, path)}
                aria-current={active ? "page" : undefined}
                onClick={() => setOpen(false)}
                className={`flex items-center justify-between rounded px-3 py-2 hover:bg-paper ${
                  active ? "bg-paper font-semibold text-brand" : ""
                }`}
              >
                <span>{t(`area.menu.${key}`)}</span>
                {key === "notifications" && count > 0 && (
                  <span className="rounded-full bg-brand px-2 text-xs font-semibold text-white" data-testid="menu-unread">
                    {count}
                    <span className="sr-only"> {t("area.menu.unread", { count })}</span>
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Wraps an account page with the menu; any other page is rendered as is. */
export function AccountShell({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  const current = accountEntry(pathname);
  if (!current) return <>{children}</>;
  return (
    <div className="flex flex-col gap-6 md:flex-row">
      <AccountMenu current={current} />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
