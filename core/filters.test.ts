import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  MAX_FILTER_CRITERIA,
  addFilterValue,
  clearFilter,
  countCriteria,
  emptyFilters,
  filtersFromQuery,
  filtersToQuery,
  removeFilterValue,
  resetFilters,
  setPage,
  setVolumeRange,
  splitValues,
  volumeRange,
  volumeRangeError,
  type FilterState,
} from "./filters.ts";

const ok = (r: ReturnType<typeof addFilterValue>): FilterState => {
  if (!r.ok) throw new Error(r.reason);
  return r.state;
};

describe("filter actions", () => {
  const start: FilterState = { page: 4, fields: { brand: "3,7" } };

  it("adds a value to the comma-separated field and resets the page", () => {
    expect(ok(addFilterValue(start, "brand", 9))).toEqual({ page: 1, fields: { brand: "3,7,9" } });
    expect(ok(addFilterValue(start, "brand", "7"))).toEqual({ page: 1, fields: { brand: "3,7" } });
    expect(ok(addFilterValue(start, "colour", "kraft"))).toEqual({ page: 1, fields: { brand: "3,7", colour: "kraft" } });
  });

  it("removes, clears and resets", () => {
    expect(removeFilterValue(start, "brand", "3")).toEqual({ page: 1, fields: { brand: "7" } });
    expect(removeFilterValue({ page: 2, fields: { brand: "3" } }, "brand", 3)).toEqual({ page: 1, fields: {} });
    expect(clearFilter(start, "brand")).toEqual({ page: 1, fields: {} });
    expect(resetFilters({ page: 3, fields: { a: "1", b: "2" } })).toEqual(emptyFilters);
    expect(setPage(start, 5).page).toBe(5);
    expect(setPage(start, 0).page).toBe(1);
  });

  it("refuses an 11th criterion and leaves the state unchanged", () => {
    const ten: FilterState = { page: 1, fields: { brand: "1,2,3,4,5,6,7,8,9,10" } };
    const r = addFilterValue({ ...ten, page: 2 }, "colour", "red");
    expect(r).toMatchObject({
      ok: false,
      reason: "too_many_criteria",
      messageKey: "validation.filters_too_many",
      state: { ...ten, page: 2 },
    });
  });

  it("splits values", () => {
    expect(splitValues(" a,b , ,a")).toEqual(["a", "b"]);
    expect(splitValues(undefined)).toEqual([]);
  });

  const action = fc.oneof(
    fc.record({
      kind: fc.constant("add" as const),
      field: fc.constantFrom("brand", "colour", "size"),
      value: fc.integer({ min: 1, max: 8 }),
    }),
    fc.record({
      kind: fc.constant("remove" as const),
      field: fc.constantFrom("brand", "colour", "size"),
      value: fc.integer({ min: 1, max: 8 }),
    }),
    fc.record({ kind: fc.constant("clear" as const), field: fc.constantFrom("brand", "colour", "size") }),
    fc.record({ kind: fc.constant("reset" as const) }),
  );

  it("never holds more than 10 criteria, and every accepted change resets the page", () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), (actions) => {
        let state: FilterState = { page: 7, fields: {} };
        for (const a of actions) {
          const before = setPage(state, 3);
          let next: FilterState;
          if (a.kind === "add") {
            const r = addFilterValue(before, a.field, a.value);
            next = r.state;
            if (!r.ok) expect(r.state).toBe(before);
          } else if (a.kind === "remove") next = removeFilterValue(before, a.field, a.value);
          else if (a.kind === "clear") next = clearFilter(before, a.field);
          else next = resetFilters(before);
          if (next !== before) expect(next.page).toBe(1);
          expect(countCriteria(next.fields)).toBeLessThanOrEqual(MAX_FILTER_CRITERIA);
          for (const text of Object.values(next.fields)) {
            expect(text).not.toBe("");
            expect(new Set(text.split(",")).size).toBe(text.split(",").length);
          }
          state = next;
        }
      }),
    );
  });
});

describe("volume range", () => {
  const bounds = { min: 0, max: 100 };
  it("needs max ≥ min and both in range", () => {
    expect(volumeRangeError(1, 5, bounds)).toBeNull();
    expect(volumeRangeError(5, 5, bounds)).toBeNull();
    expect(volumeRangeError(6, 5, bounds)).toBe("validation.volume_max_below_min");
    expect(volumeRangeError(-1, 5, bounds)).toBe("validation.volume_out_of_range");
    expect(volumeRangeError(1, 101, bounds)).toBe("validation.volume_out_of_range");
    expect(volumeRangeError(NaN, 5, bounds)).toBe("validation.volume_required");
  });
  it("is stored as one criterion", () => {
    const r = setVolumeRange({ page: 2, fields: {} }, 1.5, 20, bounds);
    expect(r.ok && r.state).toEqual({ page: 1, fields: { volume: "1.5,20" } });
    expect(r.ok && countCriteria(r.state.fields)).toBe(1);
    expect(r.ok && volumeRange(r.state)).toEqual({ min: 1.5, max: 20 });
    expect(setVolumeRange(emptyFilters, 9, 2, bounds)).toMatchObject({ ok: false, reason: "invalid_volume_range" });
  });
});

describe("query form", () => {
  it("round-trips", () => {
    const state: FilterState = { page: 3, fields: { colour: "kraft", brand: "3,7" } };
    expect(filtersToQuery(state)).toEqual({ brand: "3,7", colour: "kraft", page: "3" });
    expect(filtersFromQuery(filtersToQuery(state), ["brand", "colour"])).toEqual({ page: 3, fields: { brand: "3,7", colour: "kraft" } });
  });
  it("ignores unknown fields, bad pages and criteria past 10", () => {
    const q = { brand: "1,2,3,4,5,6,7,8,9,10,11", evil: "x", page: "-2" };
    const s = filtersFromQuery(q, ["brand"]);
    expect(s).toEqual({ page: 1, fields: { brand: "1,2,3,4,5,6,7,8,9,10" } });
  });
});
