// The narrow-screen menu (issue 13 item 1): a drawer on radix Dialog, loaded when first opened.
import { Link } from "react-router";
import { useT } from "#app/lib/i18n.tsx";
import { useShell } from "#app/lib/use-shell.tsx";
import { categoryUrl, localePath } from "#core/slug.ts";
import { Sheet } from "#app/components/ui/sheet.tsx";

export default function MobileMenu({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const { t } = useT();
  const { lang, init } = useShell();
  const top = init?.product_cate[0]?.child ?? [];
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
        </ul>
        <ul>
          {top.map((c) => (
            <li key={c.id}>
              <Link className={link} onClick={close} to={categoryUrl(lang, c)}>
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </Sheet>
  );
}
