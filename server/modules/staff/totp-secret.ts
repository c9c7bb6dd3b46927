// The staff's TOTP secrets at rest (decision 134): `staff_users.totp_secret` holds `v1.<base64url(iv|tag|cipher)>`,
// AES-256-GCM under STAFF_TOTP_KEY with a random 12-byte IV per write, so a database dump gives no second factor.
// A value written before sealing (base32 in clear) is still read, and sealed at its owner's next verification. A key is
// changed by moving the old one to STAFF_TOTP_KEY_PREVIOUS: values sealed under it still open, and each is sealed again
// under the new key at its owner's next verification (`sealedUnder` says which are left).
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const VERSION = "v1.";
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Binds a sealed value to this use: a value sealed for something else under the same key does not open. */
const AAD = Buffer.from("comptoir staff_users.totp_secret v1");
/** RFC 4648 base32, what newTotpSecret and the demo seed write: a legacy value in clear. */
const BASE32 = /^[A-Z2-7]+=*$/;

/** Used when STAFF_TOTP_KEY is unset, like the other demo secrets: `npm start` works with no configuration. */
export const DEMO_TOTP_KEY = "636f6d70746f69722d64656d6f2d73746166662d746f74702d6b65792d333262"; // "comptoir-demo-staff-totp-key-32b"

/** The 32-byte key from 64 hex characters or base64 of 32 bytes; null when it is neither. */
export function parseTotpKey(text: string): Buffer | null {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(t)) {
    const b = Buffer.from(t, "base64");
    if (b.length === 32) return b;
  }
  return null;
}

/** The key of `text`, or an error naming the setting (never its value). */
export function totpKey(text: string): Buffer {
  const key = parseTotpKey(text);
  if (!key) throw new Error("STAFF_TOTP_KEY: 32 bytes, as 64 hex characters or base64");
  return key;
}

/** Thrown when a stored secret cannot be opened (altered, or another key): the message holds no part of it. */
export class SealedSecretError extends Error {
  constructor(reason: string) {
    super(`staff TOTP secret not readable: ${reason} (was STAFF_TOTP_KEY changed?)`);
  }
}

/** The stored form of `secret`: a new IV every call, so the same secret never gives the same text twice. */
export function sealTotpSecret(secret: string, key: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv).setAAD(AAD);
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** True when `stored` is sealed; false for a legacy value in clear (to be sealed at the next verification). */
export const isSealedTotpSecret = (stored: string): boolean => stored.startsWith(VERSION);

/**
 * The secret of a stored value, sealed (under `key`, or else under `previous`, the key before a change) or legacy
 * clear base32; throws SealedSecretError when it does not open.
 */
export function openTotpSecret(stored: string, key: Buffer, previous: Buffer | null = null): string {
  if (!isSealedTotpSecret(stored)) {
    if (BASE32.test(stored)) return stored;
    throw new SealedSecretError("unknown format");
  }
  if (previous && !sealedUnder(stored, key)) return openSealed(stored, previous);
  return openSealed(stored, key);
}

/** True when `stored` is sealed and opens under `key` (false: legacy clear, or sealed under another key). */
export function sealedUnder(stored: string, key: Buffer): boolean {
  if (!isSealedTotpSecret(stored)) return false;
  try {
    openSealed(stored, key);
    return true;
  } catch {
    return false;
  }
}

function openSealed(stored: string, key: Buffer): string {
  const raw = Buffer.from(stored.slice(VERSION.length), "base64url");
  if (raw.length <= IV_BYTES + TAG_BYTES) throw new SealedSecretError("too short");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, IV_BYTES)).setAAD(AAD);
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    throw new SealedSecretError("authentication failed");
  }
}
