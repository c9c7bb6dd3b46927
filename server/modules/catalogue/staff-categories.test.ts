// The category tree's writes (decision 156) on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set: a rename, a
// hide, a move with its subtree and a reorder, each audited and in the storefront's tree at once (the categories'
// table notifications, as the product editor's writes); a move under itself or a descendant, or below level 3, is
// refused; a stale form gets 409; a new category comes last under its parent; a reader may not write.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { auditLog } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { demoStaff } from "#server/test/staff.ts";
import { categoryCreateSchema, categoryFormSchema } from "#core/validation/catalogue-editor.ts";
import type { CategoryNode } from "#core/catalogue/types.ts";
import type { StaffContext } from "#server/modules/staff/audited.ts";
import type { CategoryTreeRow } from "./staff-catalogue.service.ts";

async function until(ok: () => Promise<boolean> | boolean) {
  for (let i = 0; i < 40; i++) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("condition not met in 2 s");
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "accepted",
    (e: { kind?: string; key?: string }) => `${e.kind}:${e.key ?? String(e)}`,
  );

/** The category's form as the page fills it, with `change`. */
const formOf = (c: CategoryTreeRow, change: Record<string, string | undefined> = {}) =>
  categoryFormSchema.parse({
    id: String(c.id),
    revision: c.revision,
    name_fr: c.name_fr,
    name_zh: c.name_zh,
    parent: String(c.parent_id),
    rank: String(c.rank),
    visible: c.visible ? "on" : undefined,
    ...change,
  });

const find = (nodes: CategoryNode[], id: number): CategoryNode | undefined => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const below = find(n.child, id);
    if (below) return below;
  }
};

describe.each(testDbKinds())("category tree editor (%s)", (kind) => {
  let t: TestApp;
  let catalogue: StaffContext;
  let reader: StaffContext;
  const s = () => t.app.services.staffCatalogue;
  const tree = () => s().categoryTree(t.app.services.db, "fr");
  const row = async (id: number) => (await tree()).find((c) => c.id === id)!;
  const shop = (lang: "fr" | "zh" = "fr") => t.app.services.catalogue.categoryTree(lang);

  beforeAll(async () => {
    t = await createTestApp(kind);
    [catalogue, reader] = await Promise.all([demoStaff(t.app.services.db, "catalogue"), demoStaff(t.app.services.db, "service-client")]);
  });
  afterAll(() => t.close());

  it("lists the tree in reading order: each category after its parent, siblings ranked", async () => {
    const all = await tree();
    expect(all[0].level).toBe(0);
    const seen = new Set<number>();
    for (const c of all) {
      if (c.parent_id !== null) expect(seen.has(c.parent_id)).toBe(true);
      seen.add(c.id);
    }
    const firsts = all.filter((c) => c.level === 1);
    expect(firsts.map((c) => c.rank)).toEqual(firsts.map((_, i) => i + 1));
  });

  it("renames a category in both languages: audited, and in the storefront's menu at once", async () => {
    const c = (await tree()).find((x) => x.level === 1)!;
    expect(find(await shop(), c.id)?.name).toBe(c.name_fr); // the menu read before the edit
    const audits = async () => t.app.services.db.select().from(auditLog).where(eq(auditLog.entity, "category"));
    const before = (await audits()).length;
    await s().saveCategory(catalogue, formOf(c, { name_fr: "Rayon Zorglub", name_zh: "佐格鲁布区" }));
    const rows = await audits();
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)!.changes).toMatchObject({ name_fr: { before: c.name_fr, after: "Rayon Zorglub" } });
    await until(async () => find(await shop(), c.id)?.name === "Rayon Zorglub");
    await until(async () => find(await shop("zh"), c.id)?.name === "佐格鲁布区");
    // an empty Chinese name: the French one shows
    await s().saveCategory(catalogue, formOf(await row(c.id), { name_zh: "" }));
    await until(async () => find(await shop("zh"), c.id)?.name === "Rayon Zorglub");
  });

  it("refuses a move under itself or a descendant, or below level 3, and a stale form, changing nothing", async () => {
    const all = await tree();
    const top = all.find((c) => c.level === 1 && all.some((d) => d.level === 3 && d.path.startsWith(`${c.name} › `)))!;
    const child = all.find((c) => c.parent_id === top.id)!;
    const grandchild = all.find((c) => c.level === 3 && c.path.startsWith(`${top.name} › `))!;
    expect(await refusal(s().saveCategory(catalogue, formOf(top, { parent: String(top.id) })))).toBe(
      "refused:admin.category_move_into_itself",
    );
    expect(await refusal(s().saveCategory(catalogue, formOf(top, { parent: String(grandchild.id) })))).toBe(
      "refused:admin.category_move_into_itself",
    );
    // the first level, holding a third level, may not go below another category of the first level
    const other = all.find((c) => c.level === 1 && c.id !== top.id)!;
    expect(await refusal(s().saveCategory(catalogue, formOf(top, { parent: String(other.id) })))).toBe("refused:admin.category_too_deep");
    expect(await refusal(s().saveCategory(reader, formOf(child, { name_fr: "Non" })))).toBe("forbidden:admin.permission_denied");
    const form = formOf(child, { name_fr: "Trop tard" });
    await s().saveCategory(catalogue, formOf(child, { name_fr: `${child.name_fr} bis` }));
    expect(await refusal(s().saveCategory(catalogue, form))).toBe("conflict:admin.category_stale");
    expect((await row(top.id)).parent_id).toBe(top.parent_id);
    expect((await row(child.id)).name_fr).toBe(`${child.name_fr} bis`);
  });

  it("moves a category with its subtree, reorders siblings, and hides a branch from the storefront", async () => {
    const all = await tree();
    const [a, b] = all.filter((c) => c.level === 1);
    const moved = all.find((c) => c.parent_id === a.id && !all.some((d) => d.parent_id === c.id && all.some((e) => e.parent_id === d.id)))!;
    const below = all.filter((c) => c.parent_id === moved.id);
    // under the root: it and its children go up one level, and it comes first
    await s().saveCategory(catalogue, formOf(moved, { parent: String(all[0].id), rank: "1" }));
    const after = await tree();
    expect(after.find((c) => c.id === moved.id)).toMatchObject({ level: 1, parent_id: all[0].id, rank: 1 });
    for (const c of below) expect(after.find((x) => x.id === c.id)!.level).toBe(c.level - 1);
    expect(after.filter((c) => c.level === 1).map((c) => c.rank)).toEqual(after.filter((c) => c.level === 1).map((_, i) => i + 1));
    await until(async () => (await shop())[0].child[0]?.id === moved.id);
    // back under b, last
    await s().saveCategory(catalogue, formOf(await row(moved.id), { parent: String(b.id), rank: "999" }));
    const back = await row(moved.id);
    expect(back).toMatchObject({ level: 2, parent_id: b.id });
    expect(back.rank).toBe((await tree()).filter((c) => c.parent_id === b.id).length);
    // hidden: it and everything below it leave the storefront's tree
    await s().saveCategory(catalogue, formOf(back, { visible: undefined }));
    await until(async () => find(await shop(), moved.id) === undefined);
    for (const c of below) expect(find(await shop(), c.id)).toBeUndefined();
    expect(find(await shop(), b.id)).toBeDefined();
  });

  it("creates a category last under its parent, never below level 3", async () => {
    const all = await tree();
    const parent = all.find((c) => c.level === 2)!;
    const created = await s().createCategory(
      catalogue,
      categoryCreateSchema.parse({ name_fr: "Nouveautés Zorglub", name_zh: "", parent: String(parent.id), visible: "on" }),
    );
    const mine = await row(created.id);
    expect(mine).toMatchObject({ level: 3, parent_id: parent.id, name_fr: "Nouveautés Zorglub", visible: true });
    expect(mine.rank).toBe((await tree()).filter((c) => c.parent_id === parent.id).length);
    await until(async () => find(await shop(), created.id)?.name === "Nouveautés Zorglub");
    expect(
      await refusal(s().createCategory(catalogue, categoryCreateSchema.parse({ name_fr: "Trop bas", parent: String(created.id) }))),
    ).toBe("refused:admin.category_too_deep");
    expect(categoryCreateSchema.safeParse({ name_fr: " ", parent: String(parent.id) }).error?.issues[0].message).toBe(
      "admin.category_name_required",
    );
  });
});
