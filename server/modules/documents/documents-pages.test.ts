// /factures and /avoirs through the real build (decisions 063, 079): each customer sees their own documents, in fr
// and zh and on the /center/ paths, never cached; a visitor goes to /connexion. Needs `npm run build` first.
// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { describe, expect, it } from "vitest";
import { testDbKinds } from "#server/test/databases.ts";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";

describe.each(testDbKinds())("document pages (%s)", (kind) => {
  const t = pagesAppPerSuite(kind);
  const page = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

  it("lists the caller's invoices with their PDF links, fr and zh, never cached", async () => {
    for (const [url, texts] of [
      ["/factures", ["Mes factures", "FA2026-000045", "FA2026-000052", 'href="/documents/invoice/1.pdf"']],
      ["/center/factures", ["Mes factures", "FA2026-000045"]],
      ["/zh/factures", ["我的发票", "FA2026-000045", 'href="/documents/invoice/1.pdf?lang=zh"']],
    ] as const) {
      const res = await page(url, t.demo);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("private, no-store");
      for (const t of texts) expect(res.body, `${url} ${t}`).toContain(t);
      expect(res.body).not.toContain("FA2026-000061"); // Martin's
    }
    const theirs = await page("/factures", t.martin);
    expect(theirs.body).toContain("FA2026-000061");
    expect(theirs.body).not.toContain("FA2026-000045");
  });

  it("lists the caller's credit notes with the balance", async () => {
    for (const [url, texts] of [
      ["/avoirs", ["Mes avoirs", "AV2026-000007", "CE2026-000131", "18,60"]],
      ["/center/avoirs", ["Mes avoirs", "AV2026-000007"]],
      ["/zh/avoirs", ["我的退款凭证", "AV2026-000007", "€18.60"]],
    ] as const) {
      const res = await page(url, t.demo);
      expect(res.statusCode, url).toBe(200);
      for (const t of texts) expect(res.body, `${url} ${t}`).toContain(t);
    }
    const theirs = await page("/avoirs", t.martin);
    expect(theirs.body).toMatch(/Vous n(&#x27;|')avez pas d(&#x27;|')avoir\./);
    expect(theirs.body).not.toContain("AV2026-000007");
  });

  it("sends a visitor to the login page", async () => {
    for (const url of ["/factures", "/avoirs", "/zh/center/avoirs"]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toMatch(/\/connexion\?redirect=/);
    }
  });
});
