import { describe, expect, it } from "vitest";
import { pickEncoding } from "./encoding.ts";

describe("pickEncoding", () => {
  it("prefers brotli, then gzip, else identity", () => {
    expect(pickEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(pickEncoding("gzip, deflate")).toBe("gzip");
    expect(pickEncoding("GZIP")).toBe("gzip");
    expect(pickEncoding(undefined)).toBe("identity");
    expect(pickEncoding("")).toBe("identity");
    expect(pickEncoding("deflate")).toBe("identity");
  });
  it("honours q=0 and the wildcard", () => {
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip;q=0")).toBe("identity");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("*, br;q=0")).toBe("gzip");
    expect(pickEncoding("identity")).toBe("identity");
  });
});
