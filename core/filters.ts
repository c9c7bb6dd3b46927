// List filters (SPEC §2 "Filters", §5, §9; decision 021). Each field holds comma-separated values.
// Every change resets page to 1. At most 10 criteria (values) in all; a volume range counts as one.

export const MAX_FILTER_CRITERIA = 10;
export const VOLUME_FIELD = "volume";

export interface FilterState {
  page: number;
  /** field -> comma-separated values, e.g. { brand: "3,7", colour: "kraft" }. */
  fields: Readonly<Record<string, string>>;
}

export type FilterResult =
  | { ok: true; state: FilterState }
  | { ok: false; reason: "too_many_criteria" | "invalid_volume_range"; messageKey: string; state: FilterState };

export const emptyFilters: FilterState = { page: 1, fields: {} };

/** Splits, trims and de-duplicates comma-separated values. */
export function splitValues(text: string | null | undefined): string[] {
  const seen = new Set<string>();
  for (const v of (text ?? "").split(",")) {
    const t = v.trim();
    if (t !== "") seen.add(t);
  }
  return [...seen];
}

function filterValues(state: FilterState, field: string): string[] {
  return splitValues(state.fields[field]);
}

/** Number of criteria: every value counts one, except a volume range which counts one in all. */
export function countCriteria(fields: Readonly<Record<string, string>>): number {
  let n = 0;
  for (const [field, text] of Object.entries(fields)) {
    const values = splitValues(text);
    n += field === VOLUME_FIELD ? (values.length > 0 ? 1 : 0) : values.length;
  }
  return n;
}

function withField(state: FilterState, field: string, values: readonly string[]): FilterState {
  const fields = { ...state.fields };
  if (values.length === 0) delete fields[field];
  else fields[field] = values.join(",");
  return { page: 1, fields };
}

function checked(state: FilterState, next: FilterState): FilterResult {
  if (countCriteria(next.fields) > MAX_FILTER_CRITERIA && countCriteria(next.fields) > countCriteria(state.fields)) {
    return { ok: false, reason: "too_many_criteria", messageKey: "validation.filters_too_many", state };
  }
  return { ok: true, state: next };
}

/** Adds one value to a field (no duplicate). Refused past 10 criteria. */
export function addFilterValue(state: FilterState, field: string, value: string | number): FilterResult {
  const values = filterValues(state, field);
  const added = splitValues(String(value)).filter((v) => !values.includes(v));
  return checked(state, withField(state, field, [...values, ...added]));
}

/** Removes one value from a field; the field disappears when empty. */
export function removeFilterValue(state: FilterState, field: string, value: string | number): FilterState {
  const drop = String(value).trim();
  return withField(
    state,
    field,
    filterValues(state, field).filter((v) => v !== drop),
  );
}

/** Clears one field. */
export function clearFilter(state: FilterState, field: string): FilterState {
  return withField(state, field, []);
}

/** Clears every field. */
export function resetFilters(_state?: FilterState): FilterState {
  return { page: 1, fields: {} };
}

/** Moves to a page (the only change that does not reset the page). */
export function setPage(state: FilterState, page: number): FilterState {
  return { ...state, page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

interface VolumeBounds {
  min: number;
  max: number;
}

/** Volume range rule: both given, both within the bounds, maximum not lower than minimum. */
export function volumeRangeError(min: number, max: number, bounds: VolumeBounds): string | null {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return "validation.volume_required";
  if (min < bounds.min || min > bounds.max || max < bounds.min || max > bounds.max) return "validation.volume_out_of_range";
  if (max < min) return "validation.volume_max_below_min";
  return null;
}

/** Sets the volume range (field "volume" = "min,max"); refused when the range is invalid. */
export function setVolumeRange(state: FilterState, min: number, max: number, bounds: VolumeBounds): FilterResult {
  const error = volumeRangeError(min, max, bounds);
  if (error) return { ok: false, reason: "invalid_volume_range", messageKey: error, state };
  return checked(state, withField(state, VOLUME_FIELD, [String(min), String(max)]));
}

/** The volume range of the state, or null. */
export function volumeRange(state: FilterState): { min: number; max: number } | null {
  const [a, b] = filterValues(state, VOLUME_FIELD).map(Number);
  return Number.isFinite(a) && Number.isFinite(b) ? { min: a, max: b } : null;
}

/** Query-string form: every field as is, plus page when above 1. */
export function filtersToQuery(state: FilterState): Record<string, string> {
  const q: Record<string, string> = {};
  for (const field of Object.keys(state.fields).sort()) {
    const values = filterValues(state, field);
    if (values.length > 0) q[field] = values.join(",");
  }
  if (state.page > 1) q.page = String(state.page);
  return q;
}

/** Reads the filters of `allowed` fields (and page) from a query; extra criteria past 10 are dropped. */
export function filtersFromQuery(query: Readonly<Record<string, string | undefined>>, allowed: readonly string[]): FilterState {
  let state: FilterState = emptyFilters;
  for (const field of allowed) {
    for (const v of splitValues(query[field])) {
      const r = addFilterValue(state, field, v);
      if (r.ok) state = r.state;
    }
  }
  const page = Number(query.page);
  return setPage(state, page);
}
