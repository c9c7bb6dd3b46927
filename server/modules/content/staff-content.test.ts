// Content pages and shops written in the back office (decision 155): audited writes by content:write (owner, manager,
// catalogue role), every other role refused with nothing changed; the text sanitised on save; a form read before
// another change gets 409; the footer and the shops the storefront reads change at once (the tables notify the read
// model). PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLog, contentPages } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { demoStaff } from "#server/test/staff.ts";
import { contentPageFormSchema, shopFormSchema } from "#core/validation/content.ts";
import type { StaffContext } from "#server/modules/staff/audited.ts";

/** Waits (at most 2 s) for what a commit tells the read model through its notification. */
async function until(ok: () => Promise<boolean> | boolean) {
  for (let i = 0; i < 40; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("condition not met in 2 s");
}

const pageForm = (change: Record<string, string> = {}) =>
  contentPageFormSchema.parse({
    version: "",
    slug: "conditions-pro",
    title_fr: "Conditions pro",
    title_zh: "专业条件",
    body_fr: `<h2>Titre</h2><p onclick="alert(1)">Texte<script>alert(1)</script> <a href="javascript:alert(1)">lien</a></p>`,
    body_zh: "<p>文字</p>",
    in_footer: "on",
    position: "0",
    ...change,
  });

describe.each(testDbKinds())("content pages and shops in the back office (%s)", (kind) => {
  let t: TestApp;
  let owner: StaffContext;
  let catalogue: StaffContext;
  const s = () => t.app.services.staffContent;
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => "accepted",
      (e: { key?: string }) => e.key ?? String(e),
    );
  const audits = async (entity: string) => (await t.app.services.db.select().from(auditLog).where(eq(auditLog.entity, entity))).length;

  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = await demoStaff(t.app.services.db, "direction");
    catalogue = await demoStaff(t.app.services.db, "catalogue");
  });
  afterAll(() => t?.close());

  it("creates a page with its text sanitised and its audit row; the footer shows it at once, first by position", async () => {
    const before = await t.app.services.config.footerPages("fr");
    const { id } = await s().savePage(catalogue, null, pageForm());
    const page = await s().page(owner, id);
    expect(page.body.fr).toBe(`<h2>Titre</h2><p>Texte <a>lien</a></p>`);
    expect(page.body.fr).not.toMatch(/script|onclick|javascript/);
    await until(async () => (await t.app.services.config.footerPages("fr"))[0]?.id === id);
    expect((await t.app.services.config.footerPages("zh"))[0]).toMatchObject({ id, title: "专业条件" });
    expect((await t.app.services.contentPages.page("fr", id)).body).toBe(page.body.fr);
    expect(before.some((p) => p.id === id)).toBe(false);
    const [a] = await t.app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "content_page"), eq(auditLog.entityId, String(id))));
    expect(a).toMatchObject({ action: "create", staffId: catalogue.staff.id });
  });

  it("changes a page read at its version; a form read before another change gets 409; the same values write nothing", async () => {
    const [{ id }] = await t.app.services.db
      .select({ id: contentPages.id })
      .from(contentPages)
      .where(eq(contentPages.slug, "conditions-pro"));
    const read = await s().page(owner, id);
    await s().savePage(owner, id, pageForm({ version: read.version, title_fr: "Conditions des pros", position: "99", in_footer: "" }));
    expect(await refusal(s().savePage(catalogue, id, pageForm({ version: read.version, title_fr: "Autre" })))).toBe("admin.content_stale");
    expect(await refusal(s().deletePage(catalogue, id, read.version))).toBe("admin.content_stale");
    const now = await s().page(owner, id);
    expect(now).toMatchObject({ position: 99, inFooter: false, title: { fr: "Conditions des pros" } });
    await until(async () => !(await t.app.services.config.footerPages("fr")).some((p) => p.id === id));
    const n = await audits("content_page");
    expect(
      await s().savePage(owner, id, pageForm({ version: now.version, title_fr: "Conditions des pros", position: "99", in_footer: "" })),
    ).toMatchObject({ changed: false });
    expect(await audits("content_page")).toBe(n);
  });

  it("refuses a slug another page has, a text left empty once sanitised, and other roles; nothing changes", async () => {
    const n = await audits("content_page");
    const [{ id }] = await t.app.services.db
      .select({ id: contentPages.id })
      .from(contentPages)
      .where(eq(contentPages.slug, "conditions-pro"));
    const other = (await s().pages(owner)).find((p) => p.id !== id)!;
    expect(await refusal(s().savePage(owner, null, pageForm()))).toBe("admin.content_slug_taken");
    expect(await refusal(s().savePage(owner, other.id, pageForm({ version: other.version })))).toBe("admin.content_slug_taken");
    expect(await refusal(s().savePage(owner, null, pageForm({ slug: "vide", body_zh: "<script>alert(1)</script>" })))).toBe(
      "admin.content_body_empty",
    );
    for (const who of ["entrepot", "service-client", "comptabilite", "planning"]) {
      const ctx = await demoStaff(t.app.services.db, who);
      expect(await refusal(s().savePage(ctx, null, pageForm({ slug: `x-${who}` }))), who).toBe("admin.permission_denied");
      expect(await refusal(s().pages(ctx)), who).toBe("admin.permission_denied");
      expect(await refusal(s().deletePage(ctx, id, "x")), who).toBe("admin.permission_denied");
    }
    expect(await audits("content_page")).toBe(n);
  });

  it("deletes a page read at its version, with its audit row", async () => {
    const [{ id }] = await t.app.services.db
      .select({ id: contentPages.id })
      .from(contentPages)
      .where(eq(contentPages.slug, "conditions-pro"));
    await s().deletePage(owner, id, (await s().page(owner, id)).version);
    expect(await refusal(s().page(owner, id))).toBe("admin.content_not_found");
    await until(async () => (await refusal(t.app.services.contentPages.page("fr", id))) !== "accepted");
    const [a] = await t.app.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "content_page"), eq(auditLog.entityId, String(id)), eq(auditLog.action, "delete")));
    expect(a.staffId).toBe(owner.staff.id);
  });

  it("changes a shop's hours and texts: the storefront's shops change at once; a stale form gets 409; others refused", async () => {
    const [shop] = await s().shops(owner);
    const raw = {
      version: shop.version,
      name_fr: "Magasin modifié",
      name_zh: shop.name.zh,
      address_fr: shop.address.fr,
      address_zh: shop.address.zh,
      phone: "01 23 45 67 89",
      email: "",
      lat: shop.lat ?? "",
      lng: shop.lng ?? "",
      position: String(shop.position),
      ...Object.fromEntries(
        [1, 2, 3, 4, 5, 6, 7].flatMap((d) =>
          d === 1
            ? [[`closed_${d}`, "on"]]
            : [
                [`open_${d}`, "07:45"],
                [`close_${d}`, "20:00"],
              ],
        ),
      ),
    };
    for (const who of ["entrepot", "service-client"]) {
      const ctx = await demoStaff(t.app.services.db, who);
      expect(await refusal(s().saveShop(ctx, shop.id, shopFormSchema.parse(raw))), who).toBe("admin.permission_denied");
    }
    expect(await audits("shop")).toBe(0);
    await s().saveShop(catalogue, shop.id, shopFormSchema.parse(raw));
    await until(async () => (await t.app.services.config.shops("fr")).find((x) => x.id === shop.id)?.name === "Magasin modifié");
    const shown = (await t.app.services.config.shops("fr")).find((x) => x.id === shop.id)!;
    expect(shown).toMatchObject({ phone: "01 23 45 67 89", email: null });
    expect(shown.hours[0]).toBeNull();
    expect(shown.hours[6]).toEqual({ open: "07:45", close: "20:00" });
    expect(await refusal(s().saveShop(owner, shop.id, shopFormSchema.parse({ ...raw, name_fr: "Autre" })))).toBe("admin.shop_stale");
    expect(await audits("shop")).toBe(1);
    const [a] = await t.app.services.db.select().from(auditLog).where(eq(auditLog.entity, "shop"));
    expect(JSON.stringify(a.changes)).toContain("Magasin modifié");
  });
});
