import { describe, expect, it } from "vitest";
import { formatPhone } from "./account.ts";

describe("formatPhone", () => {
  it("shows a French national number in pairs and any other as stored", () => {
    expect(formatPhone("0143572198")).toBe("01 43 57 21 98");
    expect(formatPhone("0612345678")).toBe("06 12 34 56 78");
    expect(formatPhone("+32470123456")).toBe("+32470123456");
    expect(formatPhone("01 43 57 21 98")).toBe("01 43 57 21 98");
    expect(formatPhone("014357219")).toBe("014357219");
  });
});
