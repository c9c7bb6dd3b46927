// Sort and display (grid or list, remembered as gridStyle in the persisted store, SPEC §3).
import { useEffect } from "react";
import { LayoutGrid, List } from "lucide-react";
import { useT } from "#app/lib/i18n.tsx";
import { usePrefs } from "#app/lib/persisted-store.ts";
import { type FilterState } from "#core/filters.ts";
import { SORTS } from "#core/catalogue/sorts.ts";
import { useListChange } from "./list-query.ts";
import { showDisplay, type GridStyle } from "./list-display.tsx";

/** The remembered display (grid on the server and by default, until the stored preferences are read). The
 * document shows it by a style (list-display.tsx): applied here once the preferences are read and on a change. */
export function useGridStyle(): [GridStyle, (s: GridStyle) => void] {
  const style = usePrefs((p) => p.gridStyle);
  const loaded = usePrefs((p) => p.loaded);
  const set = usePrefs((p) => p.set);
  useEffect(() => {
    if (loaded) showDisplay(style);
  }, [loaded, style]);
  return [style, (s: GridStyle) => set({ gridStyle: s })];
}

export function ListToolbar({
  state,
  sort,
  style,
  onStyle,
}: {
  state: FilterState;
  sort: string;
  style: GridStyle;
  onStyle: (s: GridStyle) => void;
}) {
  const { t } = useT();
  const { change } = useListChange(state, sort);
  const btn = (active: boolean) => `rounded border p-1.5 ${active ? "border-brand bg-brand text-white" : "border-line hover:border-brand"}`;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <label className="flex items-center gap-2 text-sm">
        {t("catalogue.list.sort_label")}
        <select
          value={sort}
          onChange={(e) => {
            const next = e.currentTarget.value;
            change((from) => ({ state: { ...from.state, page: 1 }, sort: next }));
          }}
          className="rounded border border-line bg-white px-2 py-1"
        >
          {SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`catalogue.list.sort.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <div role="group" aria-label={t("catalogue.list.display")} className="flex gap-1">
        <button
          type="button"
          aria-pressed={style === "grid"}
          onClick={() => onStyle("grid")}
          className={btn(style === "grid")}
          title={t("catalogue.list.display_grid")}
        >
          <LayoutGrid aria-hidden size={18} />
          <span className="sr-only">{t("catalogue.list.display_grid")}</span>
        </button>
        <button
          type="button"
          aria-pressed={style === "list"}
          onClick={() => onStyle("list")}
          className={btn(style === "list")}
          title={t("catalogue.list.display_list")}
        >
          <List aria-hidden size={18} />
          <span className="sr-only">{t("catalogue.list.display_list")}</span>
        </button>
      </div>
    </div>
  );
}
