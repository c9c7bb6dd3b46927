// The autocommitted add and edit calls of a moment sent as one statement, one commit (decision 108): each call
// alone cost PostgreSQL a round trip, a transaction and a WAL flush for a few small statements, and the shop a
// socket write; ten of them in one comptoir_cart_write_many (migrations 0028, 0029) cost PostgreSQL about a third as
// much each (pgbench here). Calls queued while `inFlight` statements run wait for the next one: one at a time by
// default, so that the statements grow with the load (bench: 1,740-2,300 req/s against 1,440-1,890 with two). The
// ops go in customer order (one customer's in their order): concurrent statements lock carts in the same order.
// A statement that fails fails all its calls: each is then run alone, one after another in the statement's order
// (one customer's calls keep theirs), so that only its own call fails.
import { sql } from "drizzle-orm";
import { preparedQuery, type Db } from "#server/db/client.ts";
import { parsed } from "./cart-view.ts";

/** `known`: the cart's id and lines version whose lines the caller holds (cart-known.ts, decision 109). */
export type CartOp =
  | { kind: "add"; customerId: number; items: [number, number][]; limit: number; known?: [number, number] | null }
  | {
      kind: "edit";
      customerId: number;
      line: number | null;
      model: number | null;
      set: boolean;
      num: number;
      known?: [number, number] | null;
    };

/** Ops per statement at most (an add carries at most 1,000 items: a statement's text stays near a megabyte at worst). */
export const MAX_OPS = 64;

type Queued = { q: Db; op: CartOp; resolve: (answer: unknown) => void; reject: (e: unknown) => void };

const tuple = (op: CartOp) =>
  op.kind === "add"
    ? ["add", op.customerId, op.items, op.limit, op.known ?? null]
    : ["edit", op.customerId, op.line, op.model, op.set, op.num, op.known ?? null];

/** Runs `ops` in one statement and answers each op's answer, in the order given. */
export async function writeMany(q: Db, ops: readonly CartOp[]): Promise<unknown[]> {
  const [{ r }] = await preparedQuery<{ r: unknown[] | string }>(
    q,
    sql`select comptoir_cart_write_many(${JSON.stringify(ops.map(tuple))}::json) as r`,
  );
  return parsed(r)!;
}

/** `run` is writeMany (tests count its statements). */
export function createCartWrites({ inFlight = 1, maxOps = MAX_OPS, run = writeMany } = {}) {
  const queue: Queued[] = [];
  let running = 0;
  let scheduled = false;

  /** `now`: flush in this turn (a statement just ended), else on the next one (calls of this turn join it). */
  function schedule(now = false) {
    if (running >= inFlight || queue.length === 0) return;
    if (now) {
      void flush();
      return;
    }
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (running < inFlight) void flush(); // else the statement running takes the queue when it ends
    });
  }

  async function flush() {
    const q = queue[0]?.q;
    if (!q) return;
    const batch: Queued[] = [];
    for (let i = 0; i < queue.length && batch.length < maxOps;)
      if (queue[i].q === q) batch.push(...queue.splice(i, 1));
      else i++;
    running++;
    schedule(); // a second statement may start with what is left
    const order = batch.map((_, i) => i).sort((a, b) => batch[a].op.customerId - batch[b].op.customerId || a - b);
    let answers: unknown[] | null = null;
    let error: unknown;
    try {
      answers = await run(
        q,
        order.map((i) => batch[i].op),
      );
    } catch (e) {
      error = e;
    }
    running--;
    // The next statement leaves before these calls are answered: PostgreSQL runs it while the shop builds their
    // answers (on the next turn, once it is written) instead of waiting for them.
    schedule(true);
    if (answers) {
      const done = answers;
      setImmediate(() => order.forEach((i, k) => batch[i].resolve(done[k])));
    } else if (batch.length === 1) batch[0].reject(error);
    else void alone(order.map((i) => batch[i]));
  }

  /** Each call in its own statement, in turn: concurrent retries could swap two calls of one customer. */
  async function alone(calls: Queued[]) {
    for (const c of calls) {
      try {
        c.resolve((await run(c.q, [c.op]))[0]);
      } catch (e) {
        c.reject(e);
      }
    }
  }

  return {
    /** The op's answer (as comptoir_cart_add or comptoir_cart_edit gives it) once its statement has committed. */
    write(q: Db, op: CartOp): Promise<unknown> {
      return new Promise((resolve, reject) => {
        queue.push({ q, op, resolve, reject });
        schedule();
      });
    },
  };
}

export type CartWrites = ReturnType<typeof createCartWrites>;
