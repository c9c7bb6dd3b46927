import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { JOB_STATUSES, jobPending, jobPercent } from "./jobs.ts";

describe("jobPercent", () => {
  it("says 0 while nothing is known, the share done rounded down, 100 only when done", () => {
    expect(jobPercent("queued", 0, null)).toBe(0);
    expect(jobPercent("running", 5, 0)).toBe(0);
    expect(jobPercent("running", 1, 3)).toBe(33);
    expect(jobPercent("running", 500, 500)).toBe(99);
    expect(jobPercent("done", 0, null)).toBe(100);
    expect(jobPercent("failed", 2, 4)).toBe(50);
  });
  it("stays within 0–99 before the end, whatever the counts", () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 10_000 }), fc.option(fc.integer({ min: -10, max: 10_000 })), (done, total) => {
        const p = jobPercent("running", done, total);
        expect(Number.isInteger(p) && p >= 0 && p <= 99).toBe(true);
      }),
    );
  });
});

describe("jobPending", () => {
  it("is true while queued or running only", () => {
    expect(JOB_STATUSES.filter(jobPending)).toEqual(["queued", "running"]);
  });
});
