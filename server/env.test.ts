import { describe, expect, it } from "vitest";
import { loadEnv } from "./env.ts";

describe("loadEnv", () => {
  it("points PUBLIC_URL at this shop's own port when it is unset (the sandbox posts its notifications there)", () => {
    expect(loadEnv({}).PUBLIC_URL).toBe("http://localhost:8787");
    expect(loadEnv({ PORT: "3105" }).PUBLIC_URL).toBe("http://localhost:3105");
    expect(loadEnv({ PORT: "3105", PUBLIC_URL: "" }).PUBLIC_URL).toBe("http://localhost:3105");
    expect(loadEnv({ PORT: "3105", PUBLIC_URL: "https://shop.example" }).PUBLIC_URL).toBe("https://shop.example");
  });

  it("takes the staff TOTP key as 64 hex characters or base64 of 32 bytes, the demo key when unset", () => {
    expect(loadEnv({}).STAFF_TOTP_KEY).toMatch(/^[0-9a-f]{64}$/);
    const b64 = Buffer.alloc(32, 7).toString("base64");
    expect(loadEnv({ STAFF_TOTP_KEY: b64 }).STAFF_TOTP_KEY).toBe(b64);
  });

  it("refuses a wrong value with a message naming it", () => {
    expect(() => loadEnv({ PUBLIC_URL: "not a url" })).toThrow(/PUBLIC_URL/);
    expect(() => loadEnv({ PORT: "70000" })).toThrow(/PORT/);
    expect(() => loadEnv({ STAFF_TOTP_KEY: "too-short" })).toThrow(/STAFF_TOTP_KEY/);
  });
});
