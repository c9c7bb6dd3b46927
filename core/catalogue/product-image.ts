// A product's uploaded image (decision 156): which files are accepted (the type read from the bytes, never from the
// name), and the files the storefront serves — every width a page asks for, in AVIF and WebP. Each upload gets a new
// name (its content's hash): a replaced image is a new address, so no browser or page cache keeps the old one.

/** Largest upload accepted. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Fewest pixels on the shorter side, most pixels in all (a decompression bomb is refused before decoding). */
export const IMAGE_MIN_SIDE = 100;
export const IMAGE_MAX_PIXELS = 40_000_000;

export const IMAGE_TYPES = ["jpeg", "png", "webp"] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/**
 * The widths the storefront shows a product at: a card (315 px, and 630 on a dense screen) and the product page
 * (630 px, and 1260 on a dense screen). The box's ratio is 315 × 257; the image fits inside it.
 */
export const IMAGE_WIDTHS = [315, 630, 1260] as const;
export const IMAGE_RATIO = 257 / 315;
export const IMAGE_FORMATS = ["avif", "webp"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** Where the files are served from. */
export const MEDIA_PREFIX = "/media/produits/";
/** A served file's name: the product, the content's hash, the width and the format. */
export const MEDIA_FILE = /^(\d{1,10}-[0-9a-f]{16})-(315|630|1260)\.(avif|webp)$/;

/** The image's type from its first bytes (its signature), or null: JPEG, PNG or WebP only. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  const at = (i: number, ...sig: number[]) => sig.every((b, k) => bytes[i + k] === b);
  if (at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "webp"; // RIFF····WEBP
  return null;
}

export const mediaFile = (key: string, width: number, format: ImageFormat) => `${key}-${width}.${format}`;
export const mediaUrl = (key: string, width: number, format: ImageFormat) => MEDIA_PREFIX + mediaFile(key, width, format);

/** The address a product's `img` holds for an upload: the 630 px WebP (what a page without `<picture>` shows). */
export const productImageUrl = (key: string) => mediaUrl(key, 630, "webp");

/**
 * The `srcset` of each format for an uploaded image's address (`img` of a product), or null for any other image
 * (the demo's drawings): those show as they are.
 */
export function imageSources(img: string | null | undefined): Record<ImageFormat, string> | null {
  if (!img?.startsWith(MEDIA_PREFIX)) return null;
  const m = MEDIA_FILE.exec(img.slice(MEDIA_PREFIX.length));
  if (!m) return null;
  const set = (f: ImageFormat) => IMAGE_WIDTHS.map((w) => `${mediaUrl(m[1], w, f)} ${w}w`).join(", ");
  return { avif: set("avif"), webp: set("webp") };
}
