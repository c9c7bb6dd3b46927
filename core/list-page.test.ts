import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { pageOf, wholeList } from "./list-page.ts";
import { MAX_PAGE_SIZE, pageQuery } from "./validation/common.ts";

describe("list answers", () => {
  it("answer a whole list as page 1 of its own length", () => {
    expect(wholeList(["a", "b"])).toEqual({ list: ["a", "b"], total: 2, page: 1, page_size: 2 });
    expect(wholeList([])).toEqual({ list: [], total: 0, page: 1, page_size: 0 });
  });

  it("cut a list read in full into pages; a page past the end is empty with the real total", () => {
    const all = [1, 2, 3, 4, 5];
    expect(pageOf(all, { page: 2, page_size: 2 })).toEqual({ list: [3, 4], total: 5, page: 2, page_size: 2 });
    expect(pageOf(all, { page: 3, page_size: 2 })).toEqual({ list: [5], total: 5, page: 3, page_size: 2 });
    expect(pageOf(all, { page: 9, page_size: 2 })).toEqual({ list: [], total: 5, page: 9, page_size: 2 });
  });

  it("give back every row once, in order, page after page", () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 120 }), fc.integer({ min: 1, max: MAX_PAGE_SIZE }), (all, size) => {
        const pages = Math.max(1, Math.ceil(all.length / size));
        const rows = Array.from({ length: pages }, (_, i) => pageOf(all, { page: i + 1, page_size: size }));
        expect(rows.flatMap((p) => p.list)).toEqual(all);
        expect(rows.every((p) => p.total === all.length && p.list.length <= size)).toBe(true);
      }),
    );
  });
});

describe("pageQuery", () => {
  const schema = pageQuery({ size: 20 });
  const first = (input: unknown) => {
    const r = schema.safeParse(input);
    return r.success ? r.data : r.error.issues[0]?.message;
  };

  it("defaults to page 1 of the call's size and reads digits from a query string", () => {
    expect(first({})).toEqual({ page: 1, page_size: 20 });
    expect(first({ page: "3", page_size: "50" })).toEqual({ page: 3, page_size: 50 });
  });

  it.each([{ page: 0 }, { page: "-1" }, { page: 1.5 }, { page_size: 0 }, { page_size: 51 }, { page: "x" }, { page_size: true }])(
    "refuses %j with the call's message",
    (input) => expect(first(input)).toBe("validation.page_invalid"),
  );

  it("refuses a default size outside its bounds", () => {
    expect(() => pageQuery({ size: 0 })).toThrow(RangeError);
    expect(() => pageQuery({ size: 51 })).toThrow(RangeError);
  });
});
