// Category menu of the header (SPEC §3 category tree, §9 300 ms hover): the three levels below ACCUEIL.
// Wide screens: a bar whose panels open after 300 ms of hover, or with the toggle button (keyboard, touch);
// narrow screens (< 768 px): a collapsible list whose branches expand one by one (isExpanded per node).
// A closed panel renders no links: every page's HTML stays small. On personal pages the root data holds the
// first level only and the branches arrive after hydration (app/lib/menu-tree.ts, decision 092).
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import * as chevronDown from "lucide-react/icons/chevron-down";
import * as menuIcon from "lucide-react/icons/menu";
import { shellIcon } from "#app/components/ui/shell-icon.tsx";
import { useT } from "#app/lib/i18n.tsx";
import { categoryUrl } from "#core/slug.ts";
import { useShell } from "#app/lib/use-shell.tsx";
import { useMenuTree } from "#app/lib/menu-tree.ts";
import type { MenuNode } from "#core/catalogue/types.ts";

export const HOVER_DELAY_MS = 300;
const ChevronDown = shellIcon(chevronDown);
const Menu = shellIcon(menuIcon);
const isWide = () => typeof window !== "undefined" && window.matchMedia("(min-width: 768px)").matches;

export function CategoryMenu() {
  const { t, lang } = useT();
  const { init } = useShell();
  const top = init?.product_cate[0]?.child ?? [];
  const menu = useMenuTree();
  const branches = (l1: MenuNode) => menu.tree?.[0]?.child?.find((n) => n.id === l1.id)?.child ?? [];
  const [mobileOpen, setMobileOpen] = useState(false);
  const [expanded, setExpanded] = useState<Record<number, boolean>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { pathname, search } = useLocation();

  // a navigation closes the menu (state adjusted while rendering, not in an effect)
  const [seen, setSeen] = useState(pathname + search);
  if (seen !== pathname + search) {
    setSeen(pathname + search);
    setExpanded({});
    setMobileOpen(false);
  }
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  if (top.length === 0) return null;

  const cancel = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const hoverOpen = (id: number) => {
    if (!isWide()) return;
    cancel();
    menu.load();
    timer.current = setTimeout(() => setExpanded({ [id]: true }), HOVER_DELAY_MS);
  };
  const hoverClose = () => {
    if (!isWide()) return;
    cancel();
    setExpanded({});
  };
  const toggle = (id: number, exclusive: boolean) => {
    menu.load();
    setExpanded((e) => (exclusive ? (e[id] ? {} : { [id]: true }) : { ...e, [id]: !e[id] }));
  };

  return (
    <nav
      aria-label={t("catalogue.menu.label")}
      className="relative border-t border-line bg-white"
      onKeyDown={(e) => {
        if (e.key === "Escape") setExpanded({});
      }}
    >
      <div className="mx-auto max-w-7xl px-4">
        <button
          type="button"
          className="flex items-center gap-2 py-2 font-medium md:hidden"
          aria-expanded={mobileOpen}
          aria-controls="category-menu"
          onClick={() => setMobileOpen((o) => !o)}
        >
          <Menu size={20} />
          {` ${t("catalogue.menu.toggle")}`}
        </button>
        <ul
          id="category-menu"
          className={`${mobileOpen ? "flex" : "hidden"} flex-col pb-2 md:flex md:flex-row md:flex-wrap md:gap-1 md:pb-0`}
        >
          {top.map((l1) => {
            const open = Boolean(expanded[l1.id]);
            const panelId = `category-panel-${l1.id}`;
            return (
              <li
                key={l1.id}
                className="border-b border-line md:static md:border-0"
                onMouseEnter={() => hoverOpen(l1.id)}
                onMouseLeave={hoverClose}
              >
                <div className="flex items-center">
                  <Link
                    to={categoryUrl(lang, l1)}
                    className={`flex-1 py-2 pr-1 text-sm font-medium hover:text-brand md:flex-none md:pl-2 ${open ? "text-brand" : ""}`}
                  >
                    {l1.name}
                  </Link>
                  {l1.child && (
                    <button
                      type="button"
                      aria-expanded={open}
                      aria-controls={panelId}
                      aria-label={t("catalogue.menu.expand", { name: l1.name })}
                      onClick={() => {
                        cancel();
                        toggle(l1.id, isWide());
                      }}
                      className="rounded p-2 hover:text-brand md:p-1"
                    >
                      <ChevronDown size={16} className={open ? "rotate-180" : ""} />
                    </button>
                  )}
                </div>
                {l1.child && (
                  <div
                    id={panelId}
                    hidden={!open}
                    className="pb-2 pl-3 md:absolute md:inset-x-0 md:top-full md:z-40 md:border-t md:border-line md:bg-white md:p-4 md:shadow-lg"
                  >
                    {open && (
                      <ul className="mx-auto flex max-w-7xl flex-col gap-2 md:grid md:grid-cols-4 md:gap-4">
                        {branches(l1).map((l2) => (
                          <li key={l2.id}>
                            <div className="flex items-center gap-2">
                              {l2.img && (
                                <img
                                  src={l2.img}
                                  alt=""
                                  width={40}
                                  height={40}
                                  loading="lazy"
                                  className="hidden h-10 w-10 rounded bg-paper object-contain md:block"
                                />
                              )}
                              <Link
                                to={categoryUrl(lang, l2)}
                                className="flex-1 py-1 text-sm font-semibold hover:text-brand hover:underline"
                              >
                                {l2.name}
                              </Link>
                              {l2.child && (
                                <button
                                  type="button"
                                  aria-expanded={Boolean(expanded[l2.id])}
                                  aria-controls={`category-panel-${l2.id}`}
                                  aria-label={t("catalogue.menu.expand", { name: l2.name })}
                                  onClick={() => toggle(l2.id, false)}
                                  className="rounded p-2 md:hidden"
                                >
                                  <ChevronDown size={16} className={expanded[l2.id] ? "rotate-180" : ""} />
                                </button>
                              )}
                            </div>
                            {l2.child && (
                              <ul
                                id={`category-panel-${l2.id}`}
                                className={`${expanded[l2.id] ? "block" : "hidden"} pl-3 md:block md:pl-12`}
                              >
                                {l2.child.map((l3) => (
                                  <li key={l3.id}>
                                    <Link
                                      to={categoryUrl(lang, l3)}
                                      className="block py-1 text-sm text-ink hover:text-brand hover:underline md:py-0.5"
                                    >
                                      {l3.name}
                                    </Link>
                                  </li>
                                ))}
                              </ul>
                            )}
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </nav>
  );
}
