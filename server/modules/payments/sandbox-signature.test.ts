// The sandbox's webhook signature (decision 077): HMAC over "t." + the raw bytes, with a timestamp tolerance.
import { describe, expect, it } from "vitest";
import { sandboxSignature, verifySandboxSignature } from "./sandbox-signature.ts";

describe("sandbox webhook signature", () => {
  const body = Buffer.from('{"id":"evt_1","data":{"amount":12000}}');
  const t = 1_800_000_000;
  it("verifies its own header over the raw bytes", () => {
    expect(verifySandboxSignature("s3cret-key", body, sandboxSignature("s3cret-key", body, t), 300, t)).toBe("ok");
    expect(verifySandboxSignature("s3cret-key", body, sandboxSignature("s3cret-key", body.toString(), t), 300, t + 300)).toBe("ok");
  });
  it("refuses another secret, another body, another timestamp in the header, a stale or future time, a malformed header", () => {
    const h = sandboxSignature("s3cret-key", body, t);
    expect(verifySandboxSignature("other-key!", body, h, 300, t)).toBe("bad_signature");
    expect(verifySandboxSignature("s3cret-key", Buffer.from(body.toString().replace("12000", "12001")), h, 300, t)).toBe("bad_signature");
    expect(verifySandboxSignature("s3cret-key", body, h.replace(`t=${t}`, `t=${t + 1}`), 300, t)).toBe("bad_signature");
    expect(verifySandboxSignature("s3cret-key", body, h, 300, t + 301)).toBe("stale");
    expect(verifySandboxSignature("s3cret-key", body, h, 300, t - 301)).toBe("stale");
    for (const bad of [undefined, "", "t=abc,v1=00", `t=${t}`, `v1=${"0".repeat(64)}`, `t=${t},v1=xyz`])
      expect(verifySandboxSignature("s3cret-key", body, bad, 300, t)).toBe("malformed");
  });
});
