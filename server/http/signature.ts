// Anti-scraping signature of SPEC §7 (the signed text and the window are core/signature.ts).
import { createHash, timingSafeEqual } from "node:crypto";
import { SIGNATURE_WINDOW_S, signedText } from "#core/signature.ts";
import { ApiError } from "./errors.ts";

export function sign(t: number | string, path: string, secret: string): string {
  return createHash("md5")
    .update(signedText(t, path, secret))
    .digest("hex");
}

export function checkSignature(input: { t?: unknown; at?: unknown }, path: string, secret: string, nowS = Date.now() / 1000) {
  const t = typeof input.t === "number" ? input.t : typeof input.t === "string" && /^\d{1,12}$/.test(input.t) ? Number(input.t) : NaN;
  if (!Number.isFinite(t) || typeof input.at !== "string" || !/^[0-9a-f]{32}$/i.test(input.at)) throw new ApiError(403, "bad_signature");
  if (Math.abs(nowS - t) > SIGNATURE_WINDOW_S) throw new ApiError(403, "stale_request");
  const expected = Buffer.from(sign(t, path, secret));
  if (!timingSafeEqual(expected, Buffer.from(input.at.toLowerCase()))) throw new ApiError(403, "bad_signature");
}
