// Category menu of the header (SPEC §3 category tree, §9 300 ms hover): the three levels below ACCUEIL, on
// screens of 768 px and more: a bar whose panels open after 300 ms of hover, or with the toggle button
// (keyboard, touch). Narrow screens have the same tree in the menu drawer only (category-tree.tsx).
// A closed panel renders no links: every page's HTML stays small. On personal pages the root data holds the
// first level only and the branches arrive after hydration (app/lib/menu-tree.ts, decision 092).
import { useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import * as chevronDown from "lucide-react/icons/chevron-down";
import { shellIcon } from "#app/components/ui/shell-icon.tsx";
import { useT } from "#app/lib/i18n.tsx";
import { categoryUrl } from "#core/slug.ts";
import { useShell } from "#app/lib/use-shell.tsx";
import { useMenuTree } from "#app/lib/menu-tree.ts";
import type { MenuNode } from "#core/catalogue/types.ts";

const HOVER_DELAY_MS = 300;
const ChevronDown = shellIcon(chevronDown);

export function CategoryMenu() {
  const { t, lang } = useT();
  const { init } = useShell();
  const top = init?.product_cate[0]?.child ?? [];
  const menu = useMenuTree();
  const branches = (l1: MenuNode) => menu.tree?.[0]?.child?.find((n) => n.id === l1.id)?.child ?? [];
  const [expanded, setExpanded] = useState<Record<number, boolean>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { pathname, search } = useLocation();

  // a navigation closes the menu (state adjusted while rendering, not in an effect)
  const [seen, setSeen] = useState(pathname + search);
  if (seen !== pathname + search) {
    setSeen(pathname + search);
    setExpanded({});
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
    cancel();
    menu.load();
    timer.current = setTimeout(() => setExpanded({ [id]: true }), HOVER_DELAY_MS);
  };
  const hoverClose = () => {
    cancel();
    setExpanded({});
  };
  const toggle = (id: number) => {
    menu.load();
    setExpanded((e) => (e[id] ? {} : { [id]: true }));
  };

  return (
    <nav
      aria-label={t("catalogue.menu.label")}
      className="relative hidden border-t border-line bg-white md:block"
      onKeyDown={(e) => {
        if (e.key === "Escape") setExpanded({});
      }}
    >
      <div className="mx-auto max-w-7xl px-4">
        <ul id="category-menu" className="flex flex-row flex-wrap gap-1">
          {top.map((l1) => {
            const open = Boolean(expanded[l1.id]);
            const panelId = `category-panel-${l1.id}`;
            return (
              <li key={l1.id} onMouseEnter={() => hoverOpen(l1.id)} onMouseLeave={hoverClose}>
                <div className="flex items-center">
                  <Link
                    to={categoryUrl(lang, l1)}
                    className={`flex-none py-2 pl-2 pr-1 text-sm font-medium hover:text-brand ${open ? "text-brand" : ""}`}
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
                        toggle(l1.id);
                      }}
                      className="rounded p-1 hover:text-brand"
                    >
                      <ChevronDown size={16} className={open ? "rotate-180" : ""} />
                    </button>
                  )}
                </div>
                {l1.child && (
                  <div id={panelId} hidden={!open} className="absolute inset-x-0 top-full z-40 border-t border-line bg-white p-4 shadow-lg">
                    {open && (
                      <ul className="mx-auto grid max-w-7xl grid-cols-4 gap-4">
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
                                  className="h-10 w-10 rounded bg-paper object-contain"
                                />
                              )}
                              <Link
                                to={categoryUrl(lang, l2)}
                                className="flex-1 py-1 text-sm font-semibold hover:text-brand hover:underline"
                              >
                                {l2.name}
                              </Link>
                            </div>
                            {l2.child && (
                              <ul className="pl-12">
                                {l2.child.map((l3) => (
                                  <li key={l3.id}>
                                    <Link
                                      to={categoryUrl(lang, l3)}
                                      className="block py-0.5 text-sm text-ink hover:text-brand hover:underline"
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
