import { describe, expect, it } from "vitest";
import { loadEnv } from "./env.ts";

describe("loadEnv", () => {
  it("points PUBLIC_URL at this shop's own port when it is unset (the sandbox posts its notifications there)", () => {
    expect(loadEnv({}).PUBLIC_URL).toBe("http://localhost:8787");
    expect(loadEnv({ PORT: "3105" }).PUBLIC_URL).toBe("http://localhost:3105");
    expect(loadEnv({ PORT: "3105", PUBLIC_URL: "" }).PUBLIC_URL).toBe("http://localhost:3105");
    expect(loadEnv({ PORT: "3105", PUBLIC_URL: "https://shop.example" }).PUBLIC_URL).toBe("https://shop.example");
  });

  it("refuses a wrong value with a message naming it", () => {
    expect(() => loadEnv({ PUBLIC_URL: "not a url" })).toThrow(/PUBLIC_URL/);
    expect(() => loadEnv({ PORT: "70000" })).toThrow(/PORT/);
  });
});
