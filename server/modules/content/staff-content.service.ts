// The shop's public texts in the back office (decision 155): content pages (fr/zh title and formatted text, footer
// flag, position) and the shops with their opening hours. Written by content:write (owner, manager, catalogue), each
// change one audited transaction with its before and after. A form carries the version it was read at (a digest of
// the stored row): a row changed meanwhile is refused (409), never overwritten. The formatted text is sanitised
// here, on save, by the allow-list of core/content/body-html.ts. Every process shows the change at its next
// request: these tables notify every process on commit (migration 0002), which drops the read model and pages.
import { createHash } from "node:crypto";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { contentPages, contentPageTranslations, shops, shopTranslations } from "#server/db/schema/index.ts";
import { staffWrite, type StaffContext } from "#server/modules/staff/audited.ts";
import { can } from "#core/staff/permissions.ts";
import { conflict, forbidden, notFound, refused } from "#core/domain-errors.ts";
import { hasText, sanitizeBody } from "#core/content/body-html.ts";
import type { ContentPageForm, OpeningHours, ShopForm } from "#core/validation/content.ts";
import type { Lang } from "#core/lang.ts";

function allow(ctx: Pick<StaffContext, "staff">) {
  if (!can(ctx.staff.roles, "content:write")) throw forbidden("admin.permission_denied");
}

/**
 * Writes of pages, and of shops, one at a time: an advisory lock rather than a row lock, which would count as a
 * write (staffWrite wants an audit row for it) when the form changed nothing.
 */
const serialise = (db: Db, what: "content_pages" | "shops") => query(db, sql`select pg_advisory_xact_lock(hashtext(${what}))`);

/** A row's version: a digest of what the form shows, so any change made meanwhile is seen. */
const versionOf = (row: unknown) => createHash("sha256").update(JSON.stringify(row)).digest("hex").slice(0, 16);

export type StaffContentPage = {
  id: number;
  slug: string;
  inFooter: boolean;
  position: number;
  title: Record<Lang, string>;
  body: Record<Lang, string>;
  version: string;
};

export type StaffShop = {
  id: number;
  code: string;
  phone: string;
  email: string | null;
  lat: string | null;
  lng: string | null;
  position: number;
  hours: OpeningHours;
  name: Record<Lang, string>;
  address: Record<Lang, string>;
  version: string;
};

async function readPages(db: Db, id?: number): Promise<StaffContentPage[]> {
  const base = db.select().from(contentPages);
  const rows = await (id === undefined
    ? base.orderBy(asc(contentPages.position), asc(contentPages.id))
    : base.where(eq(contentPages.id, id)));
  if (!rows.length) return [];
  const texts = await db.select().from(contentPageTranslations);
  return rows.map((p) => {
    const of = (lang: Lang) => texts.find((t) => t.pageId === p.id && t.lang === lang);
    const fields = {
      id: p.id,
      slug: p.slug,
      inFooter: p.inFooter,
      position: p.position,
      title: { fr: of("fr")?.title ?? "", zh: of("zh")?.title ?? "" },
      body: { fr: of("fr")?.body ?? "", zh: of("zh")?.body ?? "" },
    };
    return { ...fields, version: versionOf(fields) };
  });
}

async function readShops(db: Db, id?: number): Promise<StaffShop[]> {
  const base = db.select().from(shops);
  const rows = await (id === undefined ? base.orderBy(asc(shops.position), asc(shops.id)) : base.where(eq(shops.id, id)));
  if (!rows.length) return [];
  const texts = await db.select().from(shopTranslations);
  return rows.map((s) => {
    const of = (lang: Lang) => texts.find((t) => t.shopId === s.id && t.lang === lang);
    const fields = {
      id: s.id,
      code: s.code,
      phone: s.phone,
      email: s.email,
      lat: s.lat,
      lng: s.lng,
      position: s.position,
      hours: s.hours,
      name: { fr: of("fr")?.name ?? "", zh: of("zh")?.name ?? "" },
      address: { fr: of("fr")?.address ?? "", zh: of("zh")?.address ?? "" },
    };
    return { ...fields, version: versionOf(fields) };
  });
}

/** What the audit row keeps of a page (the version is not a field). */
const pageAudit = ({ version: _, ...p }: StaffContentPage) => p;
const shopAudit = ({ version: _, ...s }: StaffShop) => s;

export function createStaffContent() {
  async function pages(ctx: Pick<StaffContext, "db" | "staff">) {
    allow(ctx);
    return readPages(ctx.db);
  }

  async function page(ctx: Pick<StaffContext, "db" | "staff">, id: number) {
    allow(ctx);
    const [p] = await readPages(ctx.db, id);
    if (!p) throw notFound("admin.content_not_found");
    return p;
  }

  /**
   * Creates a page (`id` null) or changes one read at `form.version`. Each body is sanitised; one left without
   * text is refused. Two pages never share a slug (writes of pages are serialised by a lock).
   */
  async function savePage(ctx: StaffContext, id: number | null, form: ContentPageForm) {
    allow(ctx);
    const body = { fr: sanitizeBody(form.body_fr), zh: sanitizeBody(form.body_zh) };
    if (!hasText(body.fr) || !hasText(body.zh)) throw refused("admin.content_body_empty");
    return staffWrite(ctx, async ({ db }, audit) => {
      await serialise(db, "content_pages");
      let before: StaffContentPage | null = null;
      if (id !== null) {
        [before] = await readPages(db, id);
        if (!before) throw notFound("admin.content_not_found");
        if (before.version !== form.version) throw conflict("admin.content_stale");
      }
      const taken = await db
        .select({ id: contentPages.id })
        .from(contentPages)
        .where(id === null ? eq(contentPages.slug, form.slug) : and(eq(contentPages.slug, form.slug), ne(contentPages.id, id)));
      if (taken.length) throw refused("admin.content_slug_taken");
      const row = { slug: form.slug, inFooter: form.in_footer, position: form.position };
      const title = { fr: form.title_fr, zh: form.title_zh };
      let pageId = id;
      if (pageId === null) [{ id: pageId }] = await db.insert(contentPages).values(row).returning({ id: contentPages.id });
      else if (before && (before.slug !== row.slug || before.inFooter !== row.inFooter || before.position !== row.position))
        await db.update(contentPages).set(row).where(eq(contentPages.id, pageId));
      for (const lang of ["fr", "zh"] as const) {
        if (before && before.title[lang] === title[lang] && before.body[lang] === body[lang]) continue;
        await db
          .insert(contentPageTranslations)
          .values({ pageId, lang, title: title[lang], body: body[lang] })
          .onConflictDoUpdate({
            target: [contentPageTranslations.pageId, contentPageTranslations.lang],
            set: { title: title[lang], body: body[lang] },
          });
      }
      const [after] = await readPages(db, pageId);
      if (before && before.version === after.version) return { id: pageId, changed: false };
      await audit({
        entity: "content_page",
        id: pageId,
        action: before ? "update" : "create",
        before: before && pageAudit(before),
        after: pageAudit(after),
      });
      return { id: pageId, changed: true };
    });
  }

  /** Removes a page read at `version` (its footer link goes with it). */
  async function deletePage(ctx: StaffContext, id: number, version: string) {
    allow(ctx);
    return staffWrite(ctx, async ({ db }, audit) => {
      await serialise(db, "content_pages");
      const [before] = await readPages(db, id);
      if (!before) throw notFound("admin.content_not_found");
      if (before.version !== version) throw conflict("admin.content_stale");
      await db.delete(contentPages).where(eq(contentPages.id, id));
      await audit({ entity: "content_page", id, action: "delete", before: pageAudit(before), after: null });
    });
  }

  async function shopList(ctx: Pick<StaffContext, "db" | "staff">) {
    allow(ctx);
    return readShops(ctx.db);
  }

  /** Changes a shop read at `form.version`: names, addresses, contact, map position, opening hours, position. */
  async function saveShop(ctx: StaffContext, id: number, form: ShopForm) {
    allow(ctx);
    return staffWrite(ctx, async ({ db }, audit) => {
      await serialise(db, "shops");
      const [before] = await readShops(db, id);
      if (!before) throw notFound("admin.shop_not_found");
      if (before.version !== form.version) throw conflict("admin.shop_stale");
      const row = { phone: form.phone, email: form.email, lat: form.lat, lng: form.lng, position: form.position, hours: form.hours };
      const same = (k: keyof typeof row) => JSON.stringify(before[k]) === JSON.stringify(row[k]);
      if (!(Object.keys(row) as (keyof typeof row)[]).every(same)) await db.update(shops).set(row).where(eq(shops.id, id));
      for (const lang of ["fr", "zh"] as const) {
        if (before.name[lang] === form.name[lang] && before.address[lang] === form.address[lang]) continue;
        await db
          .insert(shopTranslations)
          .values({ shopId: id, lang, name: form.name[lang], address: form.address[lang] })
          .onConflictDoUpdate({
            target: [shopTranslations.shopId, shopTranslations.lang],
            set: { name: form.name[lang], address: form.address[lang] },
          });
      }
      const [after] = await readShops(db, id);
      if (after.version === before.version) return { changed: false };
      await audit({ entity: "shop", id, action: "update", before: shopAudit(before), after: shopAudit(after) });
      return { changed: true };
    });
  }

  return { pages, page, savePage, deletePage, shops: shopList, saveShop };
}

export type StaffContent = ReturnType<typeof createStaffContent>;
