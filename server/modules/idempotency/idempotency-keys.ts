// Idempotency keys of the writes that answer once per key (decision 066's table and rules; the order has its own
// statement template, order-placement.service.ts): the first call with a key goes on; a retry with the same request
// gets the stored answer; the same key with another request is refused; a concurrent twin waits on the unique
// index, then sees the answer. An expired key is taken again.
import { createHash } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import { idempotencyKeys } from "#server/db/schema/index.ts";
import { conflict, refused } from "#core/domain-errors.ts";

export const hashRequest = (o: unknown) => createHash("sha256").update(JSON.stringify(o)).digest("hex");

const thisKey = (customerId: number, scope: string, key: string) =>
  and(eq(idempotencyKeys.customerId, customerId), eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));

/** The use case's refusals (message keys): the key sent with another request, and its first call still running. */
type KeyRefusals = { reused: string; inProgress: string };

/** true: this call goes on (then `storeAnswer`); otherwise the stored answer. Inside the use case's transaction. */
export async function takeKey<T>(
  tx: Db,
  customerId: number,
  scope: string,
  key: string,
  hash: string,
  refusals: KeyRefusals,
): Promise<true | T> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ customerId, scope, key, requestHash: hash })
    .onConflictDoNothing({ target: [idempotencyKeys.customerId, idempotencyKeys.scope, idempotencyKeys.key] })
    .returning({ id: idempotencyKeys.id });
  if (inserted.length > 0) return true;
  const [row] = await tx
    .select({
      request_hash: idempotencyKeys.requestHash,
      status: idempotencyKeys.status,
      response: idempotencyKeys.response,
      expired: sql<boolean>`${idempotencyKeys.expiresAt} <= now()`,
    })
    .from(idempotencyKeys)
    .where(thisKey(customerId, scope, key))
    .for("update");
  if (row.expired) {
    await tx
      .update(idempotencyKeys)
      .set({
        requestHash: hash,
        status: "in_progress",
        response: null,
        createdAt: sql`now()`,
        expiresAt: sql`now() + interval '24 hours'`,
      })
      .where(thisKey(customerId, scope, key));
    return true;
  }
  if (row.request_hash !== hash) throw refused(refusals.reused);
  if (row.status !== "done" || !row.response) throw conflict(refusals.inProgress);
  const response = row.response as T | string;
  return typeof response === "string" ? (JSON.parse(response) as T) : response;
}

export async function storeAnswer(tx: Db, customerId: number, scope: string, key: string, answer: unknown) {
  await tx
    .update(idempotencyKeys)
    .set({ status: "done", response: answer })
    .where(thisKey(customerId, scope, key));
}
