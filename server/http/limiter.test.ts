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

describe("createLimiter's turns", () => {
  const turn = () => new Promise((r) => setImmediate(r));

  it("starts no task in the turn that queued it, and one a turn while slots are free", async () => {
    const limiter = createLimiter(4);
    const started: number[] = [];
    const done: (() => void)[] = [];
    const task = (i: number) =>
      limiter.run(() => {
        started.push(i);
        return new Promise<void>((r) => done.push(r));
      });
    const all = [0, 1, 2].map(task);
    await Promise.resolve();
    expect(started).toEqual([]); // not from the callback that queued them (the one that read the request)
    await turn();
    expect(started).toEqual([0]);
    await turn();
    expect(started).toEqual([0, 1]);
    await turn();
    expect(started).toEqual([0, 1, 2]);
    for (const d of done) d();
    await Promise.all(all);
    expect(limiter.size()).toEqual({ running: 0, waiting: 0 });
  });

  it("gives a freed slot to the first in line, never to a task queued after it", async () => {
    const limiter = createLimiter(1);
    const started: string[] = [];
    let release!: () => void;
    const first = limiter.run(() => {
      started.push("a");
      return new Promise<void>((r) => (release = r));
    });
    await turn();
    const second = limiter.run(async () => void started.push("b"));
    release();
    await first;
    const third = limiter.run(async () => void started.push("c")); // queued after b, while b waits for its turn
    await Promise.all([second, third]);
    expect(started).toEqual(["a", "b", "c"]);
  });
});
