import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { newTotpSecret } from "./second-factor.ts";
import {
  DEMO_TOTP_KEY,
  isSealedTotpSecret,
  openTotpSecret,
  parseTotpKey,
  SealedSecretError,
  sealTotpSecret,
  totpKey,
} from "./totp-secret.ts";

const key = randomBytes(32);

describe("staff TOTP secrets at rest", () => {
  it("opens what it sealed, a new IV each time, the secret nowhere in the text", () => {
    const secret = newTotpSecret();
    const a = sealTotpSecret(secret, key);
    const b = sealTotpSecret(secret, key);
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain(secret);
    expect(openTotpSecret(a, key)).toBe(secret);
    expect(openTotpSecret(b, key)).toBe(secret);
    expect(isSealedTotpSecret(a)).toBe(true);
  });

  it("round-trips any base32 secret", () => {
    fc.assert(fc.property(fc.stringMatching(/^[A-Z2-7]{16,64}$/), (secret) => openTotpSecret(sealTotpSecret(secret, key), key) === secret));
  });

  it("refuses an altered value, whichever byte changed, and a cut one", () => {
    const sealed = sealTotpSecret(newTotpSecret(), key);
    const raw = Buffer.from(sealed.slice(3), "base64url");
    for (let i = 0; i < raw.length; i++) {
      const bad = Buffer.from(raw);
      bad[i] ^= 1;
      expect(() => openTotpSecret(`v1.${bad.toString("base64url")}`, key)).toThrow(SealedSecretError);
    }
    expect(() => openTotpSecret(sealed.slice(0, -4), key)).toThrow(SealedSecretError);
    expect(() => openTotpSecret("v1.AAAA", key)).toThrow(SealedSecretError);
  });

  it("refuses another key, with a message that holds no part of the secret", () => {
    const secret = newTotpSecret();
    const sealed = sealTotpSecret(secret, key);
    let message = "";
    try {
      openTotpSecret(sealed, randomBytes(32));
    } catch (e) {
      expect(e).toBeInstanceOf(SealedSecretError);
      message = (e as Error).message;
    }
    expect(message).toMatch(/STAFF_TOTP_KEY/);
    expect(message).not.toContain(secret.slice(0, 8));
    expect(message).not.toContain(sealed.slice(3, 20));
  });

  it("reads a legacy value stored in clear (base32) as it is; anything else is refused", () => {
    const secret = "PBH7G6HNJ63SRCHUBSIC5B4RPFLAMBGP";
    expect(isSealedTotpSecret(secret)).toBe(false);
    expect(openTotpSecret(secret, key)).toBe(secret);
    expect(() => openTotpSecret("not a secret", key)).toThrow(SealedSecretError);
    expect(() => openTotpSecret("v2.AAAA", key)).toThrow(SealedSecretError);
  });

  it("takes a 32-byte key as 64 hex characters or base64, nothing shorter", () => {
    const k = randomBytes(32);
    expect(parseTotpKey(k.toString("hex"))).toEqual(k);
    expect(parseTotpKey(k.toString("base64"))).toEqual(k);
    expect(parseTotpKey(k.toString("base64url"))).toEqual(k);
    expect(parseTotpKey(randomBytes(16).toString("hex"))).toBeNull();
    expect(parseTotpKey(randomBytes(31).toString("base64"))).toBeNull();
    expect(parseTotpKey("secret")).toBeNull();
    expect(totpKey(DEMO_TOTP_KEY)).toHaveLength(32);
    expect(() => totpKey("short")).toThrow(/STAFF_TOTP_KEY/);
  });
});
