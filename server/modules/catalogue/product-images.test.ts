// A product's image upload (decision 156) on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set: the upload's
// type read from its bytes, its files at each width in AVIF and WebP with no metadata (a photo's GPS position
// gone), served with a year's cache under a new address; the product points at it, audited, and the storefront's
// product shows it at once; a stale form gets 409 and leaves no file; a reader may not upload.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { eq, sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { auditLog } from "#server/db/schema/index.ts";
import { createTestApp, get, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { demoStaff } from "#server/test/staff.ts";
import type { StaffContext } from "#server/modules/staff/audited.ts";
import { renderImage } from "./product-images.ts";

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "accepted",
    (e: { kind?: string; key?: string }) => `${e.kind}:${e.key ?? String(e)}`,
  );

/** A photo as a phone takes it: a JPEG with its camera and GPS position in EXIF. */
const photo = (colour = "#c33", width = 1600, height = 1200) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Phone 12" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 24/1", GPSLongitudeRef: "E", GPSLongitude: "2/1 21/1 7/1" },
    })
    .toBuffer();

describe("product image files", () => {
  it("turns a photo into every width in AVIF and WebP, with no metadata left", async () => {
    const input = await photo();
    const exif = (await sharp(input).metadata()).exif!;
    expect(exif.toString("latin1")).toContain("PhoneMaker");
    // the GPS directory's pointer (tag 0x8825), in either byte order
    expect(exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const files = await renderImage(input);
    expect(files.map((f) => `${f.width}.${f.format}`)).toEqual(["315.avif", "315.webp", "630.avif", "630.webp", "1260.avif", "1260.webp"]);
    for (const f of files) {
      const m = await sharp(f.bytes).metadata();
      expect(m.format).toBe(f.format === "avif" ? "heif" : "webp");
      expect(m.exif, `${f.width}.${f.format}`).toBeUndefined();
      expect(m.icc).toBeUndefined();
      expect(m.xmp).toBeUndefined();
      expect(f.bytes.includes("PhoneMaker")).toBe(false);
      // inside the storefront's 315 × 257 box, never enlarged
      expect(m.width).toBeLessThanOrEqual(f.width);
      expect(m.height).toBeLessThanOrEqual(Math.round((f.width * 257) / 315));
    }
  });

  it("refuses a file by its bytes, whatever its name: not an image, broken, too big or too small", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"></svg>');
    expect(await refusal(renderImage(svg))).toBe("refused:admin.image_type");
    const gif = await sharp({ create: { width: 300, height: 300, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    expect(await refusal(renderImage(gif))).toBe("refused:admin.image_type");
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]);
    expect(await refusal(renderImage(broken))).toBe("refused:admin.image_unreadable");
    expect(await refusal(renderImage(Buffer.alloc(10 * 1024 * 1024 + 1)))).toBe("refused:admin.image_too_big");
    expect(await refusal(renderImage(await photo("#333", 80, 60)))).toBe("refused:admin.image_too_small");
    const png = await sharp({ create: { width: 400, height: 300, channels: 4, background: "#0a0" } })
      .png()
      .toBuffer();
    expect((await renderImage(png)).length).toBe(6);
  });
});

describe.each(testDbKinds())("product image upload (%s)", (kind) => {
  let t: TestApp;
  let catalogue: StaffContext;
  let reader: StaffContext;
  let productId: number;
  const dir = mkdtempSync(join(tmpdir(), "comptoir-media-"));
  const s = () => t.app.services.staffCatalogue;
  const revision = async () => (await s().product(t.app.services.db, productId))!.product.revision;
  const detail = async () => (await get(t.app, "/site/Product/detail", { id: String(productId) })).json().data;

  beforeAll(async () => {
    t = await createTestApp(kind, { DATA_DIR: dir });
    [catalogue, reader] = await Promise.all([demoStaff(t.app.services.db, "catalogue"), demoStaff(t.app.services.db, "service-client")]);
    [{ id: productId }] = await query<{ id: number }>(t.app.services.db, sql`select id from products where active order by id limit 1`);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("replaces a product's image: audited, served, and on the storefront at once", async () => {
    const before = (await detail()).product.img;
    const saved = await s().saveProductImage(catalogue, { id: productId, revision: await revision() }, await photo());
    expect(saved.img).toMatch(new RegExp(`^/media/produits/${productId}-[0-9a-f]{16}-630\\.webp$`));
    const [audit] = await t.app.services.db.select().from(auditLog).where(eq(auditLog.action, "image"));
    expect(audit.changes).toMatchObject({ img: { before, after: saved.img } });
    for (let i = 0; i < 40 && (await detail()).product.img !== saved.img; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await detail()).product.img).toBe(saved.img);

    const served = await t.app.inject({ method: "GET", url: saved.img! });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toContain("immutable");
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    const avif = await t.app.inject({ method: "GET", url: saved.img!.replace("-630.webp", "-1260.avif") });
    expect(avif.headers["content-type"]).toBe("image/avif");
    expect((await t.app.inject({ method: "GET", url: "/media/produits/..%2F..%2Fetc%2Fpasswd" })).statusCode).toBe(404);

    // another image: another address (nothing cached keeps the old one)
    const again = await s().saveProductImage(catalogue, { id: productId, revision: await revision() }, await photo("#36c"));
    expect(again.img).not.toBe(saved.img);
  });

  it("refuses a stale form (its files removed) and a reader", async () => {
    const files = readdirSync(join(dir, "media", "produits")).length;
    expect(await refusal(s().saveProductImage(catalogue, { id: productId, revision: "stale" }, await photo("#963")))).toBe(
      "conflict:admin.catalogue_stale",
    );
    expect(readdirSync(join(dir, "media", "produits")).length).toBe(files);
    expect(await refusal(s().saveProductImage(reader, { id: productId, revision: await revision() }, await photo()))).toBe(
      "forbidden:admin.permission_denied",
    );
  });
});
