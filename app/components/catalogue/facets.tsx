// Faceted filters of a product list (SPEC §2): checkboxes with counts, a volume range, clear and reset.
// Every change goes through core/filters.ts (page back to 1, at most 10 criteria) and navigates. Shown beside
// the list on wide screens and in a drawer on narrow ones (filters-drawer.tsx): its ids are its own, and it
// stays mounted across the navigations it makes, so the focus stays on the box just ticked.
import { useId, useState } from "react";
import { X } from "lucide-react";
import { useT } from "#app/lib/i18n.tsx";
import {
  addFilterValue,
  clearFilter,
  countCriteria,
  removeFilterValue,
  resetFilters,
  setVolumeRange,
  volumeRange,
  MAX_FILTER_CRITERIA,
  type FilterResult,
  type FilterState,
} from "#core/filters.ts";
import type { Facet } from "#core/catalogue/types.ts";
import { facetValueLabel } from "./labels.ts";
import { useListChange } from "./list-query.ts";

/** A list's filters as the page gives them (beside the list, or through PhoneFilters to the drawer). */
export type FiltersProps = {
  facets: Facet[];
  state: FilterState;
  sort: string;
  bounds: { min: number; max: number } | null;
  error?: string | null;
};

type Props = FiltersProps & {
  /** False in the drawer, whose title names the filters already. */
  titled?: boolean;
};

export function Facets({ facets, state: loaded, sort: loadedSort, bounds, error, titled = true }: Props) {
  const { t } = useT();
  const uid = useId();
  const {
    shown: { state },
    change,
  } = useListChange(loaded, loadedSort);
  const [message, setMessage] = useState<string | null>(error ?? null);
  // A newly loaded list brings its own message (the loader's refusal of the URL's volume range, or none).
  const loadedKey = JSON.stringify([loaded, error]);
  const [seen, setSeen] = useState(loadedKey);
  if (seen !== loadedKey) {
    setSeen(loadedKey);
    setMessage(error ?? null);
  }
  // Each change applies to the list's latest filters (a change still loading included), not to this render's.
  const go = (edit: (s: FilterState) => FilterState | FilterResult) =>
    change((from) => {
      const r = edit(from.state);
      if ("ok" in r && !r.ok) {
        setMessage(t(r.messageKey));
        return null;
      }
      setMessage(null);
      return { state: "ok" in r ? r.state : r, sort: from.sort };
    });
  const toggle = (field: string, value: string, on: boolean) =>
    go((s) => (on ? addFilterValue(s, field, value) : removeFilterValue(s, field, value)));
  const criteria = countCriteria(state.fields);
  const active = Object.entries(state.fields);

  return (
    <section aria-labelledby={titled ? `${uid}-title` : undefined} className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between">
        {titled && (
          <h2 id={`${uid}-title`} className="text-lg font-semibold">
            {t("catalogue.list.filters")}
          </h2>
        )}
        <span className="text-xs text-muted">{t("catalogue.list.criteria_limit", { count: criteria })}</span>
      </div>
      <p role="alert" className={message ? "rounded border border-red-700 bg-red-50 p-2 text-sm text-red-800" : "sr-only"}>
        {message ?? ""}
      </p>
      {active.length > 0 && (
        <div>
          <h3 className="text-sm font-medium">{t("catalogue.list.active_filters")}</h3>
          <ul className="mt-1 flex flex-wrap gap-1">
            {active.flatMap(([field, text]) =>
              field === "volume"
                ? [
                    <li key="volume">
                      <Chip
                        label={`${t("catalogue.list.field.volume")} : ${text.replace(",", " – ")}`}
                        onRemove={() => go((s) => clearFilter(s, "volume"))}
                      />
                    </li>,
                  ]
                : text.split(",").map((v) => (
                    <li key={`${field}:${v}`}>
                      <Chip label={facetValueLabel(t, field, v)} onRemove={() => go((s) => removeFilterValue(s, field, v))} />
                    </li>
                  )),
            )}
          </ul>
          <button type="button" onClick={() => go(resetFilters)} className="mt-2 text-sm text-brand underline">
            {t("catalogue.list.filters_reset")}
          </button>
        </div>
      )}
      {facets.map((f) => (
        <fieldset key={f.field} className="rounded border border-line p-2">
          <legend className="px-1 text-sm font-medium">{t(`catalogue.list.field.${f.field}`)}</legend>
          <ul className="flex max-h-56 flex-col gap-1 overflow-y-auto">
            {f.values.map((v) => {
              const id = `${uid}-${f.field}-${v.value}`.replace(/[^\w-]/g, "_");
              const disabled = !v.selected && (v.count === 0 || criteria >= MAX_FILTER_CRITERIA);
              return (
                <li key={v.value} className="flex items-center gap-2 text-sm">
                  <input
                    id={id}
                    type="checkbox"
                    checked={v.selected}
                    disabled={disabled && v.count === 0}
                    onChange={(e) => toggle(f.field, v.value, e.currentTarget.checked)}
                    className="h-4 w-4 accent-brand"
                  />
                  <label htmlFor={id} className={`flex-1 ${v.count === 0 && !v.selected ? "text-muted" : ""}`}>
                    {facetValueLabel(t, f.field, v.value)}
                  </label>
                  <span className="text-xs text-muted">({v.count})</span>
                </li>
              );
            })}
          </ul>
          {state.fields[f.field] && (
            <button type="button" onClick={() => go((s) => clearFilter(s, f.field))} className="mt-1 text-xs text-brand underline">
              {t("catalogue.list.filter_clear")}
            </button>
          )}
        </fieldset>
      ))}
      {/* typed bounds are kept until the URL's volume range changes */}
      {bounds && <VolumeRange key={state.fields.volume ?? ""} state={state} bounds={bounds} onApply={go} />}
    </section>
  );
}

// The cross is a picture, not a "×" character: the name ("Retirer le filtre ABS") contains all the visible text
// (WCAG 2.5.3).
function Chip({ label, onRemove }: { label: string; onRemove: () => void }) {
  const { t } = useT();
  return (
    <button
      type="button"
      onClick={onRemove}
      aria-label={t("catalogue.list.remove_filter", { label })}
      className="flex items-center gap-1 rounded-full border border-brand px-2 py-0.5 text-xs text-brand hover:bg-paper"
    >
      {label} <X aria-hidden size={12} />
    </button>
  );
}

function VolumeRange({
  state,
  bounds,
  onApply,
}: {
  state: FilterState;
  bounds: { min: number; max: number };
  onApply: (edit: (s: FilterState) => FilterResult) => void;
}) {
  const { t } = useT();
  const current = volumeRange(state);
  const [min, setMin] = useState(current ? String(current.min) : "");
  const [max, setMax] = useState(current ? String(current.max) : "");
  return (
    <form
      className="rounded border border-line p-2"
      onSubmit={(e) => {
        e.preventDefault();
        onApply((s) => setVolumeRange(s, min === "" ? NaN : Number(min), max === "" ? NaN : Number(max), bounds));
      }}
    >
      <fieldset>
        <legend className="px-1 text-sm font-medium">{t("catalogue.list.field.volume")}</legend>
        <p className="text-xs text-muted">{t("catalogue.list.volume_hint", bounds)}</p>
        <div className="mt-1 flex items-end gap-2">
          <label className="flex flex-col text-xs">
            {t("catalogue.list.volume_min")}
            <input
              type="number"
              inputMode="decimal"
              step="any"
              value={min}
              onChange={(e) => setMin(e.currentTarget.value)}
              className="w-20 rounded border border-line px-1 py-0.5 text-sm"
            />
          </label>
          <label className="flex flex-col text-xs">
            {t("catalogue.list.volume_max")}
            <input
              type="number"
              inputMode="decimal"
              step="any"
              value={max}
              onChange={(e) => setMax(e.currentTarget.value)}
              className="w-20 rounded border border-line px-1 py-0.5 text-sm"
            />
          </label>
          <button type="submit" className="rounded bg-brand px-2 py-1 text-sm text-white hover:bg-brand-dark">
            {t("catalogue.list.volume_apply")}
          </button>
        </div>
      </fieldset>
    </form>
  );
}
