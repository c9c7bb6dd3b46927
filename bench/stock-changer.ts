// The stock changes of bench/invalidation.ts, made from a worker thread: on the bench's own event loop, which
// autocannon keeps busy, a 50 ms interval fired ≈ 13 times a second instead of 20. Ticks keep to absolute times
// (a late tick sends the changes it owes), on a few pooled connections, so that the rate asked is the rate sent
// whatever the database's latency. The worker is plain JavaScript: tsx's loader does not reach worker threads.
import { Worker } from "node:worker_threads";

export type Target = { id: number; product_id: number };
export type ChangeKind = "sell-anywhere" | "sell-in-list" | "in-list-out-of-stock" | "full-notification";
type Job = { url: string; kind: ChangeKind; rate: number; anywhere: Target[]; inList: Target[] };

const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const pg = require("pg");
const { url, kind, rate, anywhere, inList } = workerData;
// change i: models chosen by a stride over the list; a sale never takes a model to 0
function change(i) {
  const at = (list) => list[(i * 7919) % list.length].id;
  const sell = (list) => ["update models set stock = stock - 1 where id = $1 and stock > 1", [at(list)]];
  if (kind === "sell-anywhere") return sell(anywhere);
  if (kind === "sell-in-list") return sell(inList);
  if (kind === "in-list-out-of-stock")
    return i % 10 === 9 ? ["update models set stock = case when stock = 0 then 5000 else 0 end where id = $1", [at(inList)]] : sell(inList);
  return ["select pg_notify('comptoir_cache', 'models')", []];
}
const pool = new pg.Pool({ connectionString: url, max: 4 });
const start = Date.now();
const inFlight = new Set();
let sent = 0, done = 0, stopping = false;
function tick() {
  if (stopping) return;
  const owed = Math.floor(((Date.now() - start) * rate) / 1000) + 1;
  while (sent < owed) {
    const p = pool.query(...change(sent++)).then(() => void done++, (e) => console.error("change failed: " + e.message));
    inFlight.add(p);
    p.finally(() => inFlight.delete(p));
  }
  setTimeout(tick, Math.max(0, start + (sent * 1000) / rate - Date.now()));
}
tick();
parentPort.once("message", async () => {
  stopping = true;
  await Promise.all(inFlight);
  await pool.end();
  parentPort.postMessage(done);
});
`;

/** Starts `rate` changes a second in a worker; `stop` answers how many committed, and their rate. */
export function startChanger(job: Job) {
  const worker = new Worker(WORKER, { eval: true, workerData: job });
  const started = Date.now();
  return {
    stop: () =>
      new Promise<{ done: number; perSecond: number }>((resolve, reject) => {
        worker.once("message", (done: number) => {
          resolve({ done, perSecond: done / ((Date.now() - started) / 1000) });
          void worker.terminate();
        });
        worker.once("error", reject);
        worker.postMessage("stop");
      }),
  };
}
