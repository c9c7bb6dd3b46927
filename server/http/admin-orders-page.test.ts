// The back office's order queue through the real build (DESIGN §9): a visitor goes to the login; each demo role opens
// it or gets 403; filters, search and sort in the address give the right rows, links keep them; zh answers in
// Chinese. Needs `npm run build` first (tests/fresh-build.ts). PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
import { describe, expect, it } from "vitest";
import { testDbKinds } from "#server/test/databases.ts";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";
import { staffCookie } from "#server/test/staff.ts";

const DOMAIN = "@comptoir-emballage.fr";
/** Each demo account, and whether its role reads orders (written out: the test does not read the permission map). */
const ROLES = [
  { email: `direction${DOMAIN}`, orders: true },
  { email: `gerance${DOMAIN}`, orders: true },
  { email: `entrepot${DOMAIN}`, orders: true },
  { email: `planning${DOMAIN}`, orders: true },
  { email: `service-client${DOMAIN}`, orders: true },
  { email: `catalogue${DOMAIN}`, orders: false },
  { email: `comptabilite${DOMAIN}`, orders: true },
];
const DENIED = "Vous n&#x27;avez pas les droits pour cette action.";
/** The order numbers of the table's rows, in their order. */
const numbersOf = (html: string) => [...html.matchAll(/<th scope="row"[^>]*><a [^>]*>(CE\d{4}-\d{6})<\/a>/g)].map((m) => m[1]);

describe.each(testDbKinds())("back-office order queue (%s)", (kind) => {
  const t = pagesAppPerSuite(kind);
  const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });

  it("sends a visitor to the login, in both languages", async () => {
    for (const [url, login] of [
      ["/admin/commandes", "/admin/connexion"],
      ["/zh/admin/commandes?status=unpaid", "/zh/admin/connexion"],
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location).toBe(login);
    }
  });

  it("opens the queue to the roles that read orders, 403 to the others; the navigation shows it to who may", async () => {
    for (const role of ROLES) {
      const cookie = await staffCookie(t.app, role.email);
      const res = await get("/admin/commandes", cookie);
      expect(res.statusCode, role.email).toBe(role.orders ? 200 : 403);
      if (!role.orders) {
        expect(res.body).toContain(DENIED);
        expect(numbersOf(res.body)).toEqual([]);
      } else expect(res.headers["cache-control"]).toBe("private, no-store");
      const sessions = await get("/admin/sessions", cookie);
      expect(sessions.body.includes('href="/admin/commandes"'), role.email).toBe(role.orders);
    }
  });

  it("lists every order, newest first, with the count, labels, amounts and links to each order", async () => {
    const cookie = await staffCookie(t.app, `direction${DOMAIN}`);
    const res = await get("/admin/commandes", cookie);
    expect(res.statusCode).toBe(200);
    const numbers = numbersOf(res.body);
    expect(numbers).toHaveLength(9);
    expect(res.body).toContain("9 commandes");
    expect(res.body).toContain('href="/admin/commandes/CE2026-000162"');
    expect(res.body).toContain("Boulangerie Dupont");
    expect(res.body).toContain("C100002");
    expect(res.body).toContain("En attente de paiement");
    expect(res.body).toContain("Retrait : Comptoir de l&#x27;Emballage – Aubervilliers");
    expect(res.body).toContain("Zone Paris et petite/grande couronne");
    expect(res.body).toMatch(/\d+,\d\d\u00a0€\u00a0TTC/);
    // accessible: labelled filters, column headers with their sort, the scrolling box named
    expect(res.body).toContain('aria-sort="descending"');
    expect(res.body).toContain('scope="col"');
    expect(res.body).toContain('aria-label="Sélectionner toutes les commandes de la page"');
    expect(res.body).toMatch(/<label[^>]*><span[^>]*>Recherche<\/span><input [^>]*name="q"/);
    expect(res.body).toContain('role="region" aria-label="Liste des commandes"');
  });

  it("gives the rows the filters, search and sort of the address ask for, and keeps them in its links", async () => {
    const cookie = await staffCookie(t.app, `entrepot${DOMAIN}`);
    const rows = async (query: string) => {
      const res = await get(`/admin/commandes?${query}`, cookie);
      expect(res.statusCode, query).toBe(200);
      return numbersOf(res.body);
    };
    expect(await rows("q=C100002")).toEqual(["CE2026-000150"]);
    expect(await rows("q=traiteur+MARTIN")).toEqual(["CE2026-000150"]);
    expect(await rows("q=000162")).toEqual(["CE2026-000162"]);
    expect(await rows("status=unpaid")).toEqual(["CE2026-000171"]);
    expect((await rows("status=delivered&status=cancelled")).sort()).toEqual(
      ["CE2026-000123", "CE2026-000131", "CE2026-000140", "CE2026-000150", "CE2026-000176"].sort(),
    );
    expect(await rows("mode=pickup")).toEqual(["CE2026-000158"]);
    expect(await rows("payment=unpaid&status=unpaid")).toEqual(["CE2026-000171"]);
    expect(await rows("planned=2026-11-26")).toEqual(["CE2026-000162"]);
    expect(await rows("placed_from=2026-09-01&placed_to=2026-10-15&sort=placed_asc")).toEqual(["CE2026-000123", "CE2026-000131"]);
    expect(await rows("placed_from=2026-09-01&placed_to=2026-10-15")).toEqual(["CE2026-000131", "CE2026-000123"]);
    expect(await rows("shop=1")).toEqual(["CE2026-000158"]);
    expect(await rows("customer=2")).toEqual(["CE2026-000150"]);
    expect(await rows("zone=corse")).toEqual([]);
    const byTotal = await get("/admin/commandes?sort=total_asc&status=delivered", cookie);
    const totals = [...byTotal.body.matchAll(/([\d\u202f]+,\d\d)\u00a0€\u00a0TTC/g)].map((m) =>
      Number(m[1].replace(/\u202f/g, "").replace(",", ".")),
    );
    expect(totals.length).toBeGreaterThan(1);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(byTotal.body).toContain('aria-sort="ascending"');
    // the sort's links keep the filters, and the other direction is one click away
    expect(byTotal.body).toContain('href="/admin/commandes?status=delivered&amp;sort=total_desc"');
    expect(byTotal.body).toContain('href="/admin/commandes?status=delivered"'); // placed, newest first: the default
    // a blank filter is none; a malformed one is said beside its field and lists nothing
    expect(await rows("q=&status=&payment=&zone=&min_ttc=")).toHaveLength(9);
    const bad = await get("/admin/commandes?min_ttc=abc&placed_from=2026-11-30&placed_to=2026-11-01", cookie);
    expect(bad.statusCode).toBe(200);
    expect(bad.body).toContain("Montant invalide");
    expect(bad.body).toContain("La date de début ne peut pas être postérieure");
    expect(numbersOf(bad.body)).toEqual([]);
  });

  it("pages with links that keep the filters", async () => {
    const cookie = await staffCookie(t.app, `direction${DOMAIN}`);
    // 9 demo orders: one page of 20; the page past the end says the count and lists nothing
    const past = await get("/admin/commandes?page=2&status=delivered", cookie);
    expect(numbersOf(past.body)).toEqual([]);
    expect(past.body).toContain("4 commandes");
    expect(past.body).toMatch(/<a [^>]*href="\/admin\/commandes\?status=delivered"[^>]*>Page précédente/);
  });

  it("answers in Chinese under /zh", async () => {
    const cookie = await staffCookie(t.app, `direction${DOMAIN}`);
    const res = await get("/zh/admin/commandes?status=unpaid", cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("共 1 个订单");
    expect(res.body).toContain("订单号");
    expect(res.body).toContain('href="/zh/admin/commandes/CE2026-000171"');
    expect(res.body).toMatch(/€\d+\.\d\d\u00a0含税/);
    expect(res.body).not.toContain("Commandes");
  });
});
