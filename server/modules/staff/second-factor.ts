// The staff's second factor (DESIGN §9): TOTP (RFC 6238: 6 digits, 30 s, SHA-1, what every authenticator app
// reads) and ten single-use recovery codes. A code is accepted once: the time step of the last accepted code is
// stored, and a code of that step or an older one is refused, in one guarded statement (two requests with the
// same code: one wins). A recovery code is stored as its SHA-256 and spent by a guarded update.
import { createHash, randomInt } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import type { Db } from "#server/db/client.ts";
import { staffRecoveryCodes, staffUsers } from "#server/db/schema/index.ts";

const PERIOD_S = 30;
/** One step either side: a phone's clock a little off, or a code typed as it changed. */
const WINDOW = 1;
export const RECOVERY_CODES = 10;

const totpOf = (secret: string, email = "") =>
  new TOTP({ issuer: "Comptoir", label: email, algorithm: "SHA1", digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) });

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** What an authenticator app reads: the otpauth:// address, and it as an SVG QR code. */
export async function enrolmentOf(secret: string, email: string) {
  const url = totpOf(secret, email).toString();
  return { secret, url, qrSvg: await QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M" }) };
}

/** The code of `secret` at `now` (demo accounts' `npm run staff:code`, tests). */
export const totpCode = (secret: string, now = Date.now()) => totpOf(secret).generate({ timestamp: now });

/** The time step a code belongs to, within the window, or null. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta;
}

/**
 * Accepts `code` for this staff member once: true when it is valid now and newer than the last code accepted.
 * `secret` is the one being checked (the enrolled one, or the one an enrolment is confirming).
 */
export async function acceptTotp(q: Db, staffId: number, secret: string, code: string, now = Date.now()): Promise<boolean> {
  const step = totpStep(secret, code, now);
  if (step === null) return false;
  const rows = await q
    .update(staffUsers)
    .set({ totpLastStep: step })
    .where(and(eq(staffUsers.id, staffId), or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step))))
    .returning({ id: staffUsers.id });
  return rows.length === 1;
}

const hashCode = (code: string) => createHash("sha256").update(code).digest("hex");
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"; // no 0/o, 1/l/i: read from paper

/** Ten new codes `xxxx-xxxx-xxxx` (≈ 59 bits each), replacing any earlier ones; shown once, stored hashed. */
export async function newRecoveryCodes(q: Db, staffId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODES }, () =>
    Array.from({ length: 3 }, () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("")).join("-"),
  );
  await q.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  await q.insert(staffRecoveryCodes).values(codes.map((c) => ({ staffId, codeHash: hashCode(c) })));
  return codes;
}

/** Spends one unused recovery code (normalised `xxxx-xxxx-xxxx`); false when unknown or already used. */
export async function spendRecoveryCode(q: Db, staffId: number, code: string): Promise<boolean> {
  const rows = await q
    .update(staffRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(staffRecoveryCodes.staffId, staffId), eq(staffRecoveryCodes.codeHash, hashCode(code)), isNull(staffRecoveryCodes.usedAt)))
    .returning({ id: staffRecoveryCodes.id });
  return rows.length === 1;
}
