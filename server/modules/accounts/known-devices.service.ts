// Devices that logged in to an account before: a random token in a long-lived cookie,
// stored hashed per account. Only a device on the account's list passes the per-account login throttle, so
// someone guessing the password from elsewhere slows themselves, not the owner's usual browser.
import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";

export const DEVICE_COOKIE = "dev";
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
const sha = (s: string) => createHash("sha256").update(s).digest("hex");

export function createKnownDevices() {
  async function isKnown(q: Db, customerId: number, token: string): Promise<boolean> {
    if (!token || token.length > 100) return false;
    const rows = await query(q, sql`select 1 from known_devices where token_hash = ${sha(token)} and customer_id = ${customerId}`);
    return rows.length > 0;
  }

  /** Adds the device to the account's list after a successful login; one token per browser, for all its accounts. */
  async function remember(q: Db, customerId: number, token?: string): Promise<string> {
    const kept = token && TOKEN_RE.test(token) ? token : randomBytes(32).toString("base64url");
    await query(q, sql`insert into known_devices (token_hash, customer_id) values (${sha(kept)}, ${customerId}) on conflict do nothing`);
    return kept;
  }

  return { isKnown, remember };
}
