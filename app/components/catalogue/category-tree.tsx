// The category tree of the menu drawer, the only category menu below 768 px (the bar of category-menu.tsx is
// for wider screens): the three levels below ACCUEIL, each branch opened by its own button. Branches a
// personal page's data lacks arrive with the whole tree (menu-tree.ts); a link's click closes the drawer.
import { useState } from "react";
import { Link } from "react-router";
import { ChevronDown } from "lucide-react";
import { useT } from "#app/lib/i18n.tsx";
import { useShell } from "#app/lib/use-shell.tsx";
import { useMenuTree } from "#app/lib/menu-tree.ts";
import { categoryUrl } from "#core/slug.ts";
import type { MenuNode } from "#core/catalogue/types.ts";

type BranchProps = { node: MenuNode; level: 1 | 2 | 3; childrenOf: (n: MenuNode, level: 1 | 2 | 3) => MenuNode[]; onNavigate: () => void };

export function CategoryTree({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useT();
  const { init } = useShell();
  const top = init?.product_cate[0]?.child ?? [];
  const menu = useMenuTree();
  if (top.length === 0) return null;
  // The first level's branches come from the whole tree; deeper ones are in the node itself.
  const childrenOf = (n: MenuNode, level: 1 | 2 | 3) =>
    level === 1 ? (menu.tree?.[0]?.child?.find((c) => c.id === n.id)?.child ?? []) : (n.child ?? []);
  return (
    <nav aria-label={t("catalogue.menu.label")}>
      <h2 className="mb-1 px-2 text-sm font-semibold uppercase text-muted">{t("catalogue.menu.toggle")}</h2>
      {/* a branch opened before the idle fetch of the whole tree asks for it at once */}
      <ul onClickCapture={() => menu.load()}>
        {top.map((n) => (
          <Branch key={n.id} node={n} level={1} childrenOf={childrenOf} onNavigate={onNavigate} />
        ))}
      </ul>
    </nav>
  );
}

function Branch({ node, level, childrenOf, onNavigate }: BranchProps) {
  const { t, lang } = useT();
  const [open, setOpen] = useState(false);
  const panelId = `drawer-category-${node.id}`;
  const kids = open ? childrenOf(node, level) : [];
  const text = level === 1 ? "font-medium" : level === 2 ? "text-sm font-semibold" : "text-sm";
  return (
    <li>
      <div className="flex items-center">
        <Link
          to={categoryUrl(lang, node)}
          onClick={onNavigate}
          className={`flex-1 rounded px-2 py-2 hover:bg-paper hover:text-brand ${text}`}
        >
          {node.name}
        </Link>
        {node.child && level < 3 && (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={panelId}
            aria-label={t("catalogue.menu.expand", { name: node.name })}
            onClick={() => setOpen((o) => !o)}
            className="rounded p-2 hover:bg-paper hover:text-brand"
          >
            <ChevronDown aria-hidden size={18} className={open ? "rotate-180" : ""} />
          </button>
        )}
      </div>
      {node.child && level < 3 && (
        <ul id={panelId} hidden={!open} className="ml-2 border-l border-line pl-3">
          {kids.map((c) => (
            <Branch key={c.id} node={c} level={(level + 1) as 2 | 3} childrenOf={childrenOf} onNavigate={onNavigate} />
          ))}
        </ul>
      )}
    </li>
  );
}
