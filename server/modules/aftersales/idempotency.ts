// Idempotency keys for the after-sales writes (decision 066's table and rules, like order placement): the
// first call with a key goes on; a retry with the same request gets the stored answer; the same key with
// another request is refused; a concurrent twin waits on the unique index, then sees the answer.
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { conflict, refused } from "#core/domain-errors.ts";

export const hashRequest = (o: unknown) => createHash("sha256").update(JSON.stringify(o)).digest("hex");

/** true: this call goes on (then `storeAnswer`); otherwise the stored answer. Inside the use case's transaction. */
export async function takeKey<T>(tx: Db, customerId: number, scope: string, key: string, hash: string): Promise<true | T> {
  const inserted = await query<{ id: number }>(
    tx,
    sql`insert into idempotency_keys (customer_id, scope, key, request_hash) values (${customerId}, ${scope}, ${key}, ${hash})
    on conflict (customer_id, scope, key) do nothing returning id`,
  );
  if (inserted.length > 0) return true;
  const [row] = await query<{ request_hash: string; status: string; response: T | string | null; expired: boolean }>(
    tx,
    sql`select request_hash, status, response, expires_at <= now() as expired from idempotency_keys
    where customer_id = ${customerId} and scope = ${scope} and key = ${key} for update`,
  );
  if (row.expired) {
    await query(
      tx,
      sql`update idempotency_keys set request_hash = ${hash}, status = 'in_progress', response = null,
      created_at = now(), expires_at = now() + interval '24 hours' where customer_id = ${customerId} and scope = ${scope} and key = ${key}`,
    );
    return true;
  }
  if (row.request_hash !== hash) throw refused("aftersales.request_reused");
  if (row.status !== "done" || !row.response) throw conflict("aftersales.request_in_progress");
  return typeof row.response === "string" ? (JSON.parse(row.response) as T) : row.response;
}

export async function storeAnswer(tx: Db, customerId: number, scope: string, key: string, answer: unknown) {
  await query(
    tx,
    sql`update idempotency_keys set status = 'done', response = ${JSON.stringify(answer)}::jsonb
    where customer_id = ${customerId} and scope = ${scope} and key = ${key}`,
  );
}
