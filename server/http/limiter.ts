// At most `max` tasks at a time, the others wait their turn in arrival order. Uncached page renders are
// CPU-bound: run fifty at once and they interleave, so each one takes fifty times as long and the
// unlucky ones wait seconds; in turn, every visitor waits about the same (docs/performance.md).
export function createLimiter(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];

  async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= max) await new Promise<void>((go) => waiting.push(go));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next)
        next(); // the slot passes straight to the next in line
      else running--;
    }
  }

  return { run, size: () => ({ running, waiting: waiting.length }) };
}
