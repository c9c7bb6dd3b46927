// The `cart:<customer ids>` notice of the autocommitted add and edit calls, sent once they have committed
// (decision 105, migration 0026). A NOTIFY inside the write made every cart write commit one at a time (the
// notification lock is held through the commit's WAL flush); here the calls answered in one turn of the event
// loop share one notice, sent by a statement that writes no data and does not wait for a WAL flush.
// The call answers once its notice is sent: a client that saw the answer finds other processes told, as when the
// trigger sent it with the commit. A notice lost (a failed statement, the process dying in between) leaves other
// processes' kept answers of these customers until their one-minute life ends (decision 091).
import { sql } from "drizzle-orm";
import { CHANGE_CHANNEL, preparedQuery, type Db } from "#server/db/client.ts";

const MAX_PAYLOAD = 7900; // pg_notify refuses 8,000 bytes and more

/** `cart:1,2,3` payloads of at most MAX_PAYLOAD characters for these customers. */
export function cartPayloads(ids: readonly number[]): string[] {
  const out: string[] = [];
  let cur = "";
  for (const id of ids) {
    const next = cur ? `${cur},${id}` : `cart:${id}`;
    if (next.length > MAX_PAYLOAD) {
      out.push(cur);
      cur = `cart:${id}`;
    } else cur = next;
  }
  if (cur) out.push(cur);
  return out;
}

export function createCartNotices() {
  let pending = new Set<number>();
  let sending: Promise<void> | null = null;

  async function send(pool: Db) {
    await new Promise<void>((r) => setImmediate(r));
    const ids = [...pending];
    pending = new Set();
    sending = null;
    for (const payload of cartPayloads(ids)) {
      try {
        await preparedQuery(pool, sql`select set_config('synchronous_commit', 'off', true), pg_notify(${CHANGE_CHANNEL}, ${payload})`);
      } catch (e) {
        console.error(`cart notice not sent: ${(e as Error).message}`);
      }
    }
  }

  return {
    /** Resolves once a notice naming `customerId` has been sent on `pool` (never rejects). */
    changed(pool: Db, customerId: number): Promise<void> {
      pending.add(customerId);
      return (sending ??= send(pool));
    },
  };
}
