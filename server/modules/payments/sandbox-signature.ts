// The sandbox provider's webhook signature (decision 077), shaped like Stripe's: a header
// `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>." + raw body>`, checked on the raw bytes with a timestamp tolerance.
import { createHmac, timingSafeEqual } from "node:crypto";

export const SANDBOX_SIGNATURE_HEADER = "comptoir-sandbox-signature";

/** The sandbox's webhook signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function sandboxSignature(secret: string, body: string | Buffer, t: number): string {
  const mac = createHmac("sha256", secret).update(`${t}.`).update(body).digest("hex");
  return `t=${t},v1=${mac}`;
}

type SignatureCheck = "ok" | "malformed" | "bad_signature" | "stale";

/** Checks a sandbox signature header against the raw body; `toleranceS` bounds the timestamp's age both ways. */
export function verifySandboxSignature(
  secret: string,
  body: Buffer | string,
  header: string | undefined,
  toleranceS: number,
  nowS = Math.floor(Date.now() / 1000),
): SignatureCheck {
  if (!header) return "malformed";
  const parts = new Map(
    header.split(",").map((p) => {
      const i = p.indexOf("=");
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()] as const;
    }),
  );
  const t = Number(parts.get("t"));
  const v1 = parts.get("v1") ?? "";
  if (!Number.isSafeInteger(t) || !/^[0-9a-f]{64}$/.test(v1)) return "malformed";
  const expected = Buffer.from(sandboxSignature(secret, body, t).split("v1=")[1], "hex");
  if (!timingSafeEqual(expected, Buffer.from(v1, "hex"))) return "bad_signature";
  if (Math.abs(nowS - t) > toleranceS) return "stale";
  return "ok";
}
