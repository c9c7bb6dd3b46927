// The payments worker (decision 077), like the outbox worker: a timer pass that expires unpaid orders past
// UNPAID_ORDER_EXPIRY_MINUTES, redelivers the sandbox's unacknowledged notifications, refunds payments that
// arrived for an order that could not take them, and makes the refunds the shop decided (woken at once by those).
// Every step is safe with several processes running it: the expiry decides by a guarded UPDATE, the sandbox and
// the decided refunds are claimed with SKIP LOCKED, refunds carry an idempotency key and end with a guarded status
// change.
import type { Db } from "#server/db/client.ts";
import type { PaymentsService } from "./payments.service.ts";
import type { SandboxProvider } from "./sandbox.provider.ts";
import { onRefundRequested } from "./refunds.ts";

type PaymentsWorkerOptions = {
  /** The delay, or how to read it at each pass (the owner may change it). */
  expiryMinutes: number | (() => Promise<number>);
  pollMs?: number;
  log?: { error: (o: object, msg: string) => void };
};

export function createPaymentsWorker(db: Db, payments: PaymentsService, sandbox: SandboxProvider | null, opts: PaymentsWorkerOptions) {
  const { pollMs = 30_000 } = opts;
  const log = opts.log ?? { error: (o: object, m: string) => console.error(m, o) };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let unsubscribe: (() => void) | undefined;
  let kicked: Promise<void> | undefined;

  async function pass() {
    const steps: [string, () => Promise<unknown>][] = [
      [
        "expiry",
        async () => payments.expireUnpaid(db, typeof opts.expiryMinutes === "number" ? opts.expiryMinutes : await opts.expiryMinutes()),
      ],
      ["sandbox notifications", async () => sandbox?.retryNotifications()],
      ["refunds", () => payments.refundDue(db)],
    ];
    for (const [name, step] of steps) {
      try {
        await step();
      } catch (e) {
        log.error({ err: e }, `payments worker: ${name} failed`);
      }
    }
  }

  function runOnce(): Promise<void> {
    running ??= pass().finally(() => (running = undefined));
    return running;
  }

  return {
    runOnce,
    /** Whether it polls (the readiness check's). */
    started: () => timer !== undefined,
    start() {
      timer = setInterval(() => void runOnce(), pollMs);
      timer.unref();
      // a refund the shop decided is asked at once, not at the next pass
      unsubscribe = onRefundRequested(() => {
        kicked = payments.refundDue(db).then(
          () => undefined,
          (e) => log.error({ err: e }, "payments worker: refunds failed"),
        );
      });
      void runOnce();
    },
    async stop() {
      unsubscribe?.();
      clearInterval(timer);
      timer = undefined;
      await Promise.all([running, kicked]);
    },
  };
}
