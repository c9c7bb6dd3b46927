import { describe, expect, it } from "vitest";
import { conflict, notFound, refused } from "#core/domain-errors.ts";
import { orNotFound } from "./loader-errors.ts";

describe("orNotFound", () => {
  it("passes the value through", async () => {
    await expect(orNotFound(Promise.resolve(42))).resolves.toBe(42);
  });
  it("turns a service's not_found into React Router's 404 with a status text", async () => {
    const thrown = await orNotFound(Promise.reject(notFound("catalogue.api_product_not_found"))).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ type: "DataWithResponseInit", init: { status: 404, statusText: "Not Found" } });
  });
  it("recognises a domain error made by another copy of the module (server source vs page bundle)", async () => {
    const foreign = Object.assign(new Error("x"), { [Symbol.for("comptoir.DomainError")]: true, kind: "not_found", key: "not_found" });
    const thrown = await orNotFound(Promise.reject(foreign)).catch((e: unknown) => e);
    expect(thrown).toMatchObject({ init: { status: 404 } });
  });
  it("lets every other error through unchanged", async () => {
    for (const e of [refused("validation.volume_required"), conflict("x"), new Error("db down")]) {
      await expect(orNotFound(Promise.reject(e))).rejects.toBe(e);
    }
  });
});
