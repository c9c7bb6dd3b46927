// The browser API client against a real local HTTP server (programmed answers), with the real fetch.
import { createServer, type IncomingMessage, type Server } from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { api, configureApi } from "./api.ts";
import { useSession } from "./session-store.ts";
import { md5 } from "./md5.ts";

type Seen = { method: string; url: URL; headers: IncomingMessage["headers"]; body: Record<string, unknown> | null };
let server: Server;
let seen: Seen[] = [];
let answer: (n: number) => { status: number; body?: string; headers?: Record<string, string> } | "drop";
let navigations: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      seen.push({ method: req.method!, url: new URL(req.url!, "http://x"), headers: req.headers, body: raw ? JSON.parse(raw) : null });
      const a = answer(seen.length);
      if (a === "drop") return req.socket.destroy();
      res.writeHead(a.status, { "content-type": "application/json", ...a.headers });
      res.end(a.body ?? "");
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address() as { port: number };
  (globalThis as { window?: unknown }).window = { location: { origin: `http://127.0.0.1:${port}` } };
  configureApi({ baseUrl: "/", signSecret: "s3cret", navigate: (to) => navigations.push(to) });
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));
beforeEach(() => {
  seen = [];
  navigations = [];
  useSession.setState({ lang: "fr", token: null, user: null, maintenance: false, notices: [], requestCount: 0 });
});

const env = (code: number, data: unknown = null, info = "ok") => JSON.stringify({ code, data, info });

describe("api client", () => {
  it("signs GET calls in the query and sends language and token", async () => {
    useSession.setState({ lang: "zh", token: "tok123" });
    answer = () => ({ status: 200, body: env(200, { a: 1 }) });
    const res = await api("GET", "/site/Index/config", { query: { part: "session" } });
    expect(res?.data).toEqual({ a: 1 });
    const { url, headers } = seen[0];
    const t = url.searchParams.get("t")!;
    expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(5);
    expect(url.searchParams.get("at")).toBe(md5(`${t}/site/index/config` + "s3cret"));
    expect(url.searchParams.get("part")).toBe("session");
    expect(headers.applang).toBe("zh");
    expect(headers.authorization).toBe("Bearer tok123");
    expect(useSession.getState().requestCount).toBe(0);
  });

  it("signs POST calls in the body and passes 400 refusals on", async () => {
    answer = () => ({ status: 400, body: env(400, null, "Adresse e-mail invalide") });
    const res = await api("POST", "/site/Index/newsSubscribe", { body: { email: "x" } });
    expect(res).toEqual({ code: 400, data: null, info: "Adresse e-mail invalide" });
    expect(seen[0].body).toMatchObject({ email: "x", t: expect.any(Number), at: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(seen[0].headers.authorization).toBeUndefined();
  });

  it("stores a rotated token", async () => {
    useSession.setState({ token: "old" });
    answer = () => ({ status: 200, body: env(200), headers: { Authorization: "Bearer fresh" } });
    await api("GET", "/site/Customer/getUserInfo");
    expect(useSession.getState().token).toBe("fresh");
  });

  it("logs out and goes to /connexion on 401", async () => {
    useSession.setState({ lang: "zh", token: "t", user: { id: 1 } as never });
    answer = () => ({ status: 401, body: env(401, null, "expired") });
    expect(await api("GET", "/site/Customer/getUserInfo")).toBeNull();
    expect(useSession.getState()).toMatchObject({ token: null, user: null });
    expect(navigations).toEqual(["/zh/connexion"]);
  });

  it("sets maintenance and goes home on 503", async () => {
    answer = () => ({ status: 503, body: env(503, null, "Nous serons bientôt de retour") });
    expect(await api("POST", "/site/Index/newsSubscribe", { body: { email: "x" } })).toBeNull();
    expect(useSession.getState().maintenance).toBe(true);
    expect(navigations).toEqual(["/"]);
  });

  it("shows server_error for other codes and unreadable answers", async () => {
    answer = () => ({ status: 500, body: "<html>boom</html>" });
    expect(await api("GET", "/site/Index/config")).toBeNull();
    expect(useSession.getState().notices.map((n) => n.text)).toEqual(["Erreur du serveur, veuillez réessayer plus tard."]);
  });

  it("retries idempotent calls after a network failure, never POSTs", async () => {
    answer = (n) => (n < 3 ? "drop" : { status: 200, body: env(200, "third") });
    expect((await api("GET", "/site/Index/config"))?.data).toBe("third");
    expect(seen).toHaveLength(3);

    seen = [];
    answer = () => "drop";
    expect(await api("POST", "/site/Index/newsSubscribe", { body: { email: "x" } })).toBeNull();
    expect(seen).toHaveLength(1);
    expect(useSession.getState().notices.at(-1)?.text).toBe("Erreur réseau, veuillez vérifier votre connexion.");
  }, 20_000);
});
