// The quick-order and discount pages through the real build (decisions 063, 081): login required, each
// customer's own lists, the account menu beside them, never cached. Needs `npm run build` first.
// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { describe, expect, it } from "vitest";
import { testDbKinds } from "#server/test/databases.ts";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";

describe.each(testDbKinds())("quick-order and discount pages (%s)", (kind) => {
  const t = pagesAppPerSuite(kind);
  const page = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

  it("sends a visitor to the login page", async () => {
    for (const url of ["/quick-order/purchased", "/zh/quick-order/wishlist", "/center/collect", "/reduction", "/center/reduction"]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toMatch(/\/connexion\?redirect=/);
    }
  });

  it("shows the customer's own purchased list and wishlist, with the account menu, never cached", async () => {
    for (const url of ["/quick-order/purchased", "/center/collect", "/collect"]) {
      const res = await page(url, t.demo);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("private, no-store");
      expect(res.body, url).toContain('data-testid="quick-purchased"');
      expect(res.body, url).toContain('data-testid="account-menu"');
      expect(res.body, url).toContain("Commander par référence");
    }
    const wish = await page("/zh/quick-order/wishlist", t.demo);
    expect(wish.statusCode).toBe(200);
    expect(wish.body).toContain('data-testid="quick-wishlist"');
    expect(wish.body).toContain("按编号下单");
    expect(wish.body).toContain('href="/zh/reduction"');
    // Martin has no wishlist: the empty text, none of the demo's rows
    const his = await page("/quick-order/wishlist", t.martin);
    expect(his.body).toContain("Votre liste de favoris est vide");
    expect(his.body).not.toContain('data-testid="quick-wishlist"');
    expect((await page("/quick-order/other", t.demo)).statusCode).toBe(404);
  });

  it("lists the caller's coupons on /reduction, used and usable, never another customer's", async () => {
    const res = await page("/reduction", t.demo);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/data-code="RENTREE-C100001" data-state="used"/);
    expect(res.body).toMatch(/data-code="PRO15-C100001" data-state="usable"/);
    expect(res.body).toMatch(/data-code="ETE2026-C100001" data-state="expired"/);
    expect(res.body).not.toContain("TRAITEUR-C100002");
    expect(res.body).toMatch(/aria-current="page"[^>]*>(<[^>]+>)*Réductions/);
    const his = await page("/zh/center/reduction", t.martin);
    expect(his.body).toContain("TRAITEUR-C100002");
    expect(his.body).not.toContain("C100001");
    expect(his.body).toContain("我的优惠券");
  });
});
