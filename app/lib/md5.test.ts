import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { md5, signature } from "./md5.ts";
import { signedText } from "#core/signature.ts";

describe("md5", () => {
  it("matches known vectors", () => {
    expect(md5("")).toBe("d41d8cd98f00b204e9800998ecf8427e");
    expect(md5("The quick brown fox jumps over the lazy dog")).toBe("9e107d9d372bb6826bd81d3542a419d6");
  });
  it("agrees with node:crypto on any text", () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (s) => md5(s) === createHash("md5").update(s).digest("hex")));
  });
  it("signs the shared signed text (the server hashes the same text with node:crypto)", () => {
    const { t, at } = signature("/site/Index/Config", "secret-123", 1_800_000_000);
    expect(at).toBe(
      createHash("md5")
        .update(signedText(t, "/site/index/config", "secret-123"))
        .digest("hex"),
    );
  });
});
