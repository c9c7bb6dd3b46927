// The link to the same page in the other language; it remembers the choice in the `lang` cookie.
import { useLocation } from "react-router";
import { useT } from "#app/lib/i18n.tsx";
import { localePath } from "#core/slug.ts";

export function LanguageLink({ className, onClick }: { className: string; onClick?: () => void }) {
  const { t, lang } = useT();
  const { pathname, search } = useLocation();
  const other = lang === "fr" ? "zh" : "fr";
  return (
    <a
      href={`${localePath(other, pathname)}${search}`}
      hrefLang={other}
      onClick={() => {
        document.cookie = `lang=${other}; path=/; max-age=31536000; samesite=lax`;
        onClick?.();
      }}
      className={className}
    >
      {/* The name is the visible word in its own language, then what it does in the page's (WCAG 2.5.3). */}
      <span lang={other === "zh" ? "zh-CN" : "fr-FR"}>{t("header.switch_lang")}</span>
      <span className="sr-only">{` – ${t("header.switch_lang_label")}`}</span>
    </a>
  );
}
