// A product's uploaded image turned into the files the storefront serves (decision 156): decoded by sharp (a file
// that does not decode is refused), turned upright by its EXIF orientation, then written at each width in AVIF and
// WebP with no metadata at all (sharp keeps none unless asked: no camera, no GPS position, no author). Files live
// under DATA_DIR/media/produits, named by the product and the content's hash (a new image is a new address).
import { createHash } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { refused } from "#core/domain-errors.ts";
import {
  IMAGE_FORMATS,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  IMAGE_MIN_SIDE,
  IMAGE_RATIO,
  IMAGE_WIDTHS,
  MEDIA_FILE,
  imageTypeOf,
  mediaFile,
} from "#core/catalogue/product-image.ts";

export type ProductImageStore = {
  /** Checks and converts an upload, writes its files; the key naming them. Refusals are "admin.*" keys. */
  save(productId: number, bytes: Uint8Array): Promise<string>;
  /** Removes the files of a key (an upload whose write was refused). */
  forget(key: string): Promise<void>;
  /** A served file's bytes, or null (unknown or invalid name). */
  read(file: string): Promise<Buffer | null>;
};

/** The files of an image: each width in each format, no metadata. */
export async function renderImage(bytes: Uint8Array): Promise<{ width: number; format: (typeof IMAGE_FORMATS)[number]; bytes: Buffer }[]> {
  if (bytes.length > IMAGE_MAX_BYTES) throw refused("admin.image_too_big", { max: IMAGE_MAX_BYTES / 1024 / 1024 });
  if (!imageTypeOf(bytes)) throw refused("admin.image_type");
  const input = () => sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: "error" });
  const meta = await input()
    .metadata()
    .catch(() => {
      throw refused("admin.image_unreadable");
    });
  if (!meta.width || !meta.height || Math.min(meta.width, meta.height) < IMAGE_MIN_SIDE)
    throw refused("admin.image_too_small", { min: IMAGE_MIN_SIDE });
  const out = [];
  try {
    const upright = await input().rotate().toBuffer();
    for (const width of IMAGE_WIDTHS) {
      const sized = sharp(upright).resize({
        width,
        height: Math.round(width * IMAGE_RATIO),
        fit: "inside",
        withoutEnlargement: true,
      });
      out.push({ width, format: "avif" as const, bytes: await sized.clone().avif({ quality: 55, effort: 2 }).toBuffer() });
      out.push({ width, format: "webp" as const, bytes: await sized.clone().webp({ quality: 82 }).toBuffer() });
    }
  } catch {
    throw refused("admin.image_unreadable");
  }
  return out;
}

export function productImageStore(dir: string): ProductImageStore {
  return {
    async save(productId, bytes) {
      const files = await renderImage(bytes);
      const key = `${productId}-${createHash("sha256").update(bytes).digest("hex").slice(0, 16)}`;
      await mkdir(dir, { recursive: true });
      await Promise.all(files.map((f) => writeFile(join(dir, mediaFile(key, f.width, f.format)), f.bytes)));
      return key;
    },
    async forget(key) {
      await Promise.all(IMAGE_WIDTHS.flatMap((w) => IMAGE_FORMATS.map((f) => rm(join(dir, mediaFile(key, w, f)), { force: true }))));
    },
    async read(file) {
      if (!MEDIA_FILE.test(file)) return null; // nothing a client sends reaches a path unchecked
      return readFile(join(dir, file)).catch(() => null);
    },
  };
}
