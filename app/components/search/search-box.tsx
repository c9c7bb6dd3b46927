import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { Clock, X } from "lucide-react";
import * as searchIcon from "lucide-react/icons/search";
import { shellIcon } from "#app/components/ui/shell-icon.tsx";
import { canSuggest, SEARCH_MAX_LENGTH } from "#core/validation/search-limits.ts";
import { localePath, stripLocale } from "#core/slug.ts";
import { useT } from "#app/lib/i18n.tsx";
import { api } from "#app/lib/api.ts";
import type { SuggestionAnswer } from "#core/contracts/search.ts";
import { useSearchHistory } from "./use-search-history.ts";
import { whenOnline } from "#app/lib/when-online.ts";

// Loaded when needed (decision 064): the header is on every page, the schema and the dialog are not used on most.
const loadSchema = whenOnline(() => import("#core/validation/search.ts"));
const ConfirmDialog = lazy(whenOnline(() => import("#app/components/ui/confirm-dialog.tsx").then((m) => ({ default: m.ConfirmDialog }))));

const Search = shellIcon(searchIcon);

/** Suggestions wait this long after the last key (decision 051; SPEC's generic debounce is 1000 ms). */
const SUGGEST_DEBOUNCE_MS = 300;

type Confirm = { kind: "one"; term: string } | { kind: "all" } | null;
type Panel = "none" | "suggestions" | "history";

/**
 * Header search (SPEC §5): trimmed, 1 to 35 characters, otherwise nothing happens. An ARIA combobox:
 * suggestions as you type (3 characters or more), the search history when the field is empty.
 */
export function SearchBox() {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const ids = useId();
  const listId = `${ids}-suggestions`;
  const wrapper = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  // On /recherche the field shows the query of the page (and follows it on back/forward).
  const onResults = stripLocale(useLocation().pathname).path === "/recherche";
  const [params] = useSearchParams();
  const pageQuery = onResults ? (params.get("search") ?? "").slice(0, SEARCH_MAX_LENGTH) : "";
  const [value, setValue] = useState(pageQuery);
  const [shownQuery, setShownQuery] = useState(pageQuery);
  if (shownQuery !== pageQuery) {
    setShownQuery(pageQuery);
    setValue(pageQuery);
  }
  const [panel, setPanel] = useState<Panel>("none");
  const [items, setItems] = useState<SuggestionAnswer[]>([]);
  const [active, setActive] = useState(-1);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const { history, reload, add, remove, clear } = useSearchHistory();
  const seq = useRef(0);

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Debounced suggestions; a late answer to an older text is ignored.
  function requestSuggestions(raw: string) {
    clearTimeout(timer.current);
    const text = raw.trim();
    const n = ++seq.current;
    if (!canSuggest(text)) {
      setItems([]);
      setActive(-1);
      return;
    }
    timer.current = setTimeout(async () => {
      const res = await api("GET", "/site/Product/suggest", { query: { search: text }, showLoading: false });
      if (n !== seq.current) return;
      setItems(res?.code === 200 ? res.data.list : []);
      setActive(-1);
    }, SUGGEST_DEBOUNCE_MS);
  }

  const showHistory = panel === "history" && value.trim() === "" && history.length > 0;
  const showSuggestions = panel === "suggestions" && items.length > 0 && value.trim() !== "";
  const expanded = showSuggestions;

  async function go(text: string) {
    const parsed = (await loadSchema()).searchQuerySchema.safeParse(text);
    if (!parsed.success) return;
    add(parsed.data);
    clearTimeout(timer.current);
    seq.current++;
    setPanel("none");
    setValue(parsed.data);
    input.current?.blur();
    navigate(`${localePath(lang, "/recherche")}?search=${encodeURIComponent(parsed.data)}`);
  }

  function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (showSuggestions && active >= 0 && items[active]) return openSuggestion(items[active]);
    void go(value);
  }

  function openSuggestion(s: SuggestionAnswer) {
    clearTimeout(timer.current);
    seq.current++;
    setPanel("none");
    input.current?.blur();
    navigate(s.url);
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (!showSuggestions) {
        if (items.length > 0) setPanel("suggestions");
        return;
      }
      e.preventDefault();
      const d = e.key === "ArrowDown" ? 1 : -1;
      setActive((i) => {
        const next = i + d;
        if (next >= items.length) return -1;
        return next < -1 ? items.length - 1 : next;
      });
    } else if (e.key === "Escape") {
      if (panel !== "none") {
        e.preventDefault();
        setPanel("none");
        setActive(-1);
      }
    }
  }

  function onBlur(e: React.FocusEvent) {
    if (!wrapper.current?.contains(e.relatedTarget as Node | null)) setPanel("none");
  }

  const confirmText = confirm?.kind === "one" ? t("search.confirm_one_text", { term: confirm.term }) : t("search.confirm_text");

  return (
    <div ref={wrapper} onBlur={onBlur} className="relative order-last w-full md:order-none md:w-auto md:flex-1">
      <form role="search" action={localePath(lang, "/recherche")} onSubmit={onSubmit} className="flex w-full">
        <label htmlFor="header-search" className="sr-only">
          {t("header.search_label")}
        </label>
        <input
          ref={input}
          id="header-search"
          name="search"
          type="search"
          maxLength={SEARCH_MAX_LENGTH}
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={showSuggestions && active >= 0 && active < items.length ? `${listId}-${active}` : undefined}
          placeholder={t("header.search_placeholder")}
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            requestSuggestions(e.currentTarget.value);
            setPanel(e.currentTarget.value.trim() === "" ? "history" : "suggestions");
          }}
          onFocus={() => {
            void loadSchema(); // ready before the visitor submits
            reload();
            setPanel(value.trim() === "" ? "history" : "suggestions");
          }}
          onKeyDown={onKeyDown}
          className="w-full rounded-l border border-line px-3 py-2 focus:border-brand focus:outline-none"
        />
        <button type="submit" className="rounded-r bg-brand px-3 text-white hover:bg-brand-dark" aria-label={t("header.search_submit")}>
          <Search size={18} />
        </button>
      </form>

      <ul
        id={listId}
        role="listbox"
        aria-label={t("search.suggestions")}
        hidden={!showSuggestions}
        className="absolute left-0 right-0 top-full z-40 mt-1 max-h-96 overflow-auto rounded border border-line bg-white shadow-lg"
      >
        {showSuggestions &&
          items.map((s, i) => (
            <li
              key={s.url}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => openSuggestion(s)}
              onMouseEnter={() => setActive(i)}
              className={`flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm ${i === active ? "bg-paper text-brand" : ""}`}
            >
              <span>{s.name}</span>
              {s.reference && <span className="shrink-0 text-xs text-muted">{t("search.ref", { ref: s.reference })}</span>}
            </li>
          ))}
      </ul>

      {showHistory && (
        <div
          role="group"
          aria-labelledby={`${ids}-history`}
          className="absolute left-0 right-0 top-full z-40 mt-1 rounded border border-line bg-white p-2 shadow-lg"
        >
          <div className="flex items-center justify-between px-1 pb-1">
            <h2 id={`${ids}-history`} className="text-xs font-semibold uppercase text-muted">
              {t("search.history")}
            </h2>
            <button type="button" className="text-xs text-brand hover:underline" onClick={() => setConfirm({ kind: "all" })}>
              {t("search.history_clear")}
            </button>
          </div>
          <ul>
            {history.map((term) => (
              <li key={term} className="flex items-center gap-2">
                <button
                  type="button"
                  onClick={() => void go(term)}
                  className="flex flex-1 items-center gap-2 rounded px-2 py-1.5 text-left text-sm hover:bg-paper"
                >
                  <Clock aria-hidden size={14} className="text-muted" />
                  {term}
                </button>
                <button
                  type="button"
                  aria-label={t("search.history_delete", { term })}
                  onClick={() => setConfirm({ kind: "one", term })}
                  className="rounded p-1 text-muted hover:bg-paper hover:text-ink"
                >
                  <X aria-hidden size={14} />
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}

      {confirm !== null && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open
            title={t("search.confirm_title")}
            text={confirmText}
            onYes={() => {
              if (confirm?.kind === "one") remove(confirm.term);
              else if (confirm?.kind === "all") clear();
            }}
            onClose={() => {
              setConfirm(null);
              input.current?.focus();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
