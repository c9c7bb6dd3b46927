// The narrow-screen menu: a drawer on radix Dialog, loaded when first opened. It holds what the compact phone
// header leaves out: the pages of its icons by name, the other language and the category tree.
import { Link } from "react-router";
import { useT } from "#app/lib/i18n.tsx";
import { useShell } from "#app/lib/use-shell.tsx";
import { localePath } from "#core/slug.ts";
import { Sheet } from "#app/components/ui/sheet.tsx";
import { CategoryTree } from "#app/components/catalogue/category-tree.tsx";
import { LanguageLink } from "./language-link.tsx";

export default function MobileMenu({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const { t } = useT();
  const { lang } = useShell();
  const close = () => onOpenChange(false);
  const link = "block rounded px-2 py-2 hover:bg-paper hover:text-brand";
  return (
    <Sheet open={open} onOpenChange={onOpenChange} side="left" title={t("header.menu")} closeLabel={t("close")}>
      <nav aria-label={t("header.menu")}>
        <ul className="mb-4 border-b border-line pb-4">
          <li>
            <Link className={link} onClick={close} to={localePath(lang, "/")}>
              {t("header.home_short")}
            </Link>
          </li>
          <li>
            <Link className={link} onClick={close} to={localePath(lang, "/mon-compte")}>
              {t("header.account")}
            </Link>
          </li>
          <li>
            <Link className={link} onClick={close} to={localePath(lang, "/quick-order/purchased")}>
              {t("header.quick_order")}
            </Link>
          </li>
          <li>
            <Link className={link} onClick={close} to={localePath(lang, "/panier")}>
              {t("header.cart")}
            </Link>
          </li>
          <li>
            <LanguageLink className={link} />
          </li>
        </ul>
      </nav>
      <CategoryTree onNavigate={close} />
    </Sheet>
  );
}
