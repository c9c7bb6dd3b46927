import { useNavigate } from "react-router";
import { Search } from "lucide-react";
import { searchQuerySchema } from "#core/validation/search.ts";
import { localePath } from "#core/slug.ts";
import { useT } from "#app/lib/i18n.tsx";

/** Header search (SPEC §5): trimmed, 1 to 35 characters, otherwise nothing happens. */
export function SearchBox() {
  const { t, lang } = useT();
  const navigate = useNavigate();

  function onSearch(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const raw = new FormData(e.currentTarget).get("search");
    const parsed = searchQuerySchema.safeParse(typeof raw === "string" ? raw : "");
    if (!parsed.success) return;
    navigate(`${localePath(lang, "/recherche")}?search=${encodeURIComponent(parsed.data)}`);
  }

  return (
    <form role="search" onSubmit={onSearch} className="order-last flex w-full md:order-none md:w-auto md:flex-1">
      <label htmlFor="header-search" className="sr-only">{t("header.search_label")}</label>
      <input
        id="header-search" name="search" type="search" maxLength={35} autoComplete="off"
        placeholder={t("header.search_placeholder")}
        className="w-full rounded-l border border-line px-3 py-2 focus:border-brand focus:outline-none"
      />
      <button type="submit" className="rounded-r bg-brand px-3 text-white hover:bg-brand-dark" aria-label={t("header.search_submit")}>
        <Search aria-hidden size={18} />
      </button>
    </form>
  );
}
