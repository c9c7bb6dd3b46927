// At most `max` tasks at a time, started in arrival order, each on a later turn of the event loop than the one
// that queued it, one start a turn. Uncached page renders are CPU-bound: run fifty at once and they interleave,
// so each one takes fifty times as long and the unlucky ones wait seconds; in turn, every visitor waits about
// the same. Starting a render from the I/O callback that read its request (when a slot was free) served the
// sockets unevenly under load: with 50 connections the account page's median was 80 ms and its slowest
// requests waited 2.3–3.5 s; started from the queue they wait at most ≈ 170 ms (docs/performance.md, session 11).
export function createLimiter(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  let scheduled = false;

  function startNext() {
    scheduled = false;
    const next = running < max ? waiting.shift() : undefined;
    if (next) {
      running++;
      next();
    }
    if (waiting.length > 0 && running < max) schedule();
  }
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(startNext);
  }

  async function run<T>(task: () => Promise<T>): Promise<T> {
    await new Promise<void>((go) => {
      waiting.push(go);
      schedule();
    });
    try {
      return await task();
    } finally {
      running--;
      if (waiting.length > 0) schedule();
    }
  }

  return { run, size: () => ({ running, waiting: waiting.length }) };
}
