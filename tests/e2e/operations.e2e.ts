// The built shop as an operator runs it (docs/operations.md): /healthz and /readyz of the serving process, its metrics
// behind the token, and a graceful stop on SIGTERM: a request in flight (its body still arriving) is answered, no new
// connection is taken, and the process exits 0.
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { startServer, type RunningServer } from "./server.ts";
import { SIGN_SECRET } from "./shop.ts";
import { sign } from "../../server/http/signature.ts";

const TOKEN = "e2e-metrics-token-0123456789";

describe("the shop process as an operator runs it", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "comptoir-e2e-ops-"));
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers health, readiness and metrics, then stops gracefully on SIGTERM", async () => {
    cpSync(inject("seededDataDir"), dataDir, { recursive: true });
    server = await startServer({ SIGN_SECRET, METRICS_TOKEN: TOKEN }, dataDir);
    const base = server.url;

    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: "ready",
      checks: { db: true, migrations: true, workers: { outbox: true, deliveries: true, jobs: true, payments: true } },
    });
    await fetch(`${base}/product/productlist`);
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    const metrics = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    expect(metrics).toMatch(/http_requests_total\{method="GET",route="\/readyz",status_code="200"\} 1/);
    const page = await fetch(`${base}/`, { headers: { "x-request-id": "e2e-request-0001" } });
    expect(page.headers.get("x-request-id")).toBe("e2e-request-0001");
    // pages are sent by hand (pages.ts): still counted, under their route's pattern
    const counted = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    expect(counted).toMatch(/http_requests_total\{method="GET",route="\/\*",status_code="200"\} [2-9]/);

    // a signed API call whose body is only half sent when the stop begins
    const path = "/site/Index/getShoppingCart";
    const t = Math.floor(Date.now() / 1000);
    const body = Buffer.from(JSON.stringify({ carts: [{ model_id: 1, num: 1 }], t, at: sign(t, path, SIGN_SECRET) }));
    const answered = new Promise<{ status: number; text: string }>((ok, ko) => {
      const req = request(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(body.length) },
      });
      req.on("response", (res) => {
        let text = "";
        res.on("data", (c) => (text += c));
        res.on("end", () => ok({ status: res.statusCode!, text }));
      });
      req.on("error", ko);
      req.write(body.subarray(0, 10));
      setTimeout(() => {
        process.kill(server!.pid, "SIGTERM");
        setTimeout(() => req.end(body.subarray(10)), 700);
      }, 200);
    });
    const got = await answered;
    expect(got.status).toBe(200);
    expect(JSON.parse(got.text)).toMatchObject({ code: 200 });
    // nothing new is served once stopping: a new connection is refused, a kept one answered 503
    const after = await fetch(`${base}/healthz`).then(
      (r) => r.status,
      () => "refused",
    );
    expect([503, "refused"]).toContain(after);
    expect(await server.exited).toBe(0);
    server = undefined;
  });
});
