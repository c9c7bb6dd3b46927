// Runs the delivery rescheduling rule (decision 082) every `pollMs` in each process. Passes never overlap in
// one process; across processes the claim (SKIP LOCKED) and the guarded update keep each delivery moved once.
import type { Db } from "#server/db/client.ts";
import type { DeliveriesService } from "./deliveries.service.ts";

export type DeliveryWorkerOptions = {
  pollMs?: number;
  now?: () => Date;
  log?: { error: (o: object, msg: string) => void };
};

export function createDeliveryWorker(db: Db, deliveries: DeliveriesService, opts: DeliveryWorkerOptions = {}) {
  const { pollMs = 60_000, now = () => new Date() } = opts;
  const log = opts.log ?? { error: (o: object, m: string) => console.error(m, o) };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  /** A pass now (or the running one). Resolves with how many deliveries it moved. */
  function runOnce(): Promise<number> {
    if (running) return running;
    running = (async () => {
      let moved = 0;
      for (;;) {
        if (stopped) return moved;
        const n = await deliveries.rescheduleDue(db, now());
        moved += n;
        if (n === 0) return moved;
      }
    })()
      .catch((e) => {
        log.error({ err: e }, "deliveries: rescheduling pass failed");
        return 0;
      })
      .finally(() => (running = undefined));
    return running;
  }

  return {
    runOnce,
    /** Whether it polls (the readiness check's). */
    started: () => !stopped && timer !== undefined,
    start() {
      stopped = false;
      timer = setInterval(() => void runOnce(), pollMs);
      timer.unref();
      void runOnce();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
