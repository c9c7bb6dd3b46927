// The returns, deliveries and notifications pages through the real build (decision 063, 082): each
// customer sees their own, in fr and zh and under /center/, a visitor goes to /connexion, nothing is cached.
// Needs `npm run build` first. Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { describe, expect, it } from "vitest";
import { testDbKinds } from "#server/test/databases.ts";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";

describe.each(testDbKinds())("after-sales pages (%s)", (kind) => {
  const t = pagesAppPerSuite(kind);
  const page = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

  it("asks a visitor to log in on every page", async () => {
    for (const url of [
      "/order-retrun",
      "/center/order-retrun",
      "/livraisons",
      "/center/livraisons",
      "/notifications",
      "/zh/notifications",
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toMatch(/\/connexion\?redirect=/);
    }
  });

  it("shows the returns page with the open and closed windows and the requests, in fr and zh", async () => {
    for (const url of ["/order-retrun", "/center/order-retrun"]) {
      const res = await page(url, t.demo);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("private, no-store");
      for (const text of [
        "Retours de marchandise",
        "CE2026-000176",
        "Retour possible jusqu&#x27;au",
        "Délai de retour de 15 jours dépassé depuis le 26/09/2026",
        "Accepté",
        "Remboursé",
      ])
        expect(res.body, `${url} ${text}`).toContain(text);
      expect(res.body).not.toContain("CE2026-000150");
    }
    const zh = await page("/zh/order-retrun", t.demo);
    expect(zh.body).toContain("商品退货");
    expect(zh.body).toContain("15 天退货期已于 2026/09/26 结束");
    const his = await page("/order-retrun", t.martin);
    expect(his.body).toContain("CE2026-000150");
    expect(his.body).not.toContain("CE2026-000176");
  });

  it("lists the returns on the tracking page", async () => {
    const res = await page("/suivi-commande", t.demo);
    expect(res.body).toContain("Mes retours");
    expect(res.body).toContain("Retour n° 2");
  });

  it("shows the delivery awaiting a reply with its actions and the receiving times", async () => {
    for (const url of ["/livraisons", "/center/livraisons"]) {
      const res = await page(url, t.demo);
      expect(res.statusCode, url).toBe(200);
      for (const text of [
        "Mes livraisons",
        "CE2026-000177",
        "merci de confirmer avant le",
        "Je serai disponible",
        "Je ne serai pas disponible",
        "Annuler la livraison",
      ])
        expect(res.body, `${url} ${text}`).toContain(text);
    }
    expect((await page("/zh/livraisons", t.demo)).body).toContain("我方便收货");
    const his = await page("/livraisons", t.martin);
    expect(his.body).toContain("Aucune livraison planifiée en attente.");
  });

  it("lists the notifications with the unread count, only the caller's", async () => {
    const res = await page("/notifications", t.demo);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("2 non lues");
    expect(res.body).toContain("Votre commande CE2026-000177 est planifiée pour une livraison le");
    expect(res.body).not.toContain("CE2026-000150");
    const zh = await page("/zh/center/notifications", t.demo);
    expect(zh.body).toContain("您的订单 CE2026-000176 已送达。");
    expect((await page("/notifications", t.martin)).body).toContain("CE2026-000150");
  });
});
