// The payments worker (decision 077), like the outbox worker: a timer pass that expires unpaid orders past
// UNPAID_ORDER_EXPIRY_MINUTES, redelivers the sandbox's unacknowledged notifications and refunds payments that
// arrived for an order that could not take them. Every step is safe with several processes running it: the
// expiry decides by a guarded UPDATE, the sandbox claims sessions with SKIP LOCKED, refunds carry an
// idempotency key and end with a guarded status change.
import type { Db } from "#server/db/client.ts";
import type { PaymentsService } from "./payments.service.ts";
import type { SandboxProvider } from "./sandbox.provider.ts";

type PaymentsWorkerOptions = {
  expiryMinutes: number;
  pollMs?: number;
  log?: { error: (o: object, msg: string) => void };
};

export function createPaymentsWorker(db: Db, payments: PaymentsService, sandbox: SandboxProvider | null, opts: PaymentsWorkerOptions) {
  const { pollMs = 30_000 } = opts;
  const log = opts.log ?? { error: (o: object, m: string) => console.error(m, o) };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function pass() {
    const steps: [string, () => Promise<unknown>][] = [
      ["expiry", () => payments.expireUnpaid(db, opts.expiryMinutes)],
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
    start() {
      timer = setInterval(() => void runOnce(), pollMs);
      timer.unref();
      void runOnce();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
