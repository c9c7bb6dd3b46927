import { describe, expect, it } from "vitest";
import { createLimiter } from "./limiter.ts";

const tick = () => new Promise((r) => setTimeout(r, 1));

describe("createLimiter", () => {
  it("runs at most `max` tasks at once, the others in arrival order, and survives failures", async () => {
    const limiter = createLimiter(2);
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (i: number) =>
      limiter.run(async () => {
        started.push(i);
        active++;
        peak = Math.max(peak, active);
        await tick();
        active--;
        if (i === 3) throw new Error("boom");
        return i;
      });
    const results = await Promise.allSettled([0, 1, 2, 3, 4, 5, 6].map(task));
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results.map((r) => r.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
      "fulfilled",
    ]);
    expect(limiter.size()).toEqual({ running: 0, waiting: 0 });
  });
});
