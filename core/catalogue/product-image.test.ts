import { describe, expect, it } from "vitest";
import { MEDIA_FILE, imageSources, imageTypeOf, productImageUrl } from "./product-image.ts";

const bytes = (...b: number[]) => new Uint8Array([...b, 0, 0, 0, 0, 0, 0, 0, 0]);

describe("product images", () => {
  it("reads the type from the bytes: JPEG, PNG, WebP; anything else is refused", () => {
    expect(imageTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("jpeg");
    expect(imageTypeOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe("png");
    expect(imageTypeOf(new TextEncoder().encode("RIFF\x10\x00\x00\x00WEBPVP8 "))).toBe("webp");
    expect(imageTypeOf(new TextEncoder().encode("RIFF\x10\x00\x00\x00WAVEfmt "))).toBeNull();
    expect(imageTypeOf(new TextEncoder().encode("GIF89a......"))).toBeNull();
    expect(imageTypeOf(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(imageTypeOf(new Uint8Array())).toBeNull();
  });

  it("names an upload's files and gives the storefront every width in AVIF and WebP", () => {
    const img = productImageUrl("42-0123456789abcdef");
    expect(img).toBe("/media/produits/42-0123456789abcdef-630.webp");
    expect(imageSources(img)).toEqual({
      avif: "/media/produits/42-0123456789abcdef-315.avif 315w, /media/produits/42-0123456789abcdef-630.avif 630w, /media/produits/42-0123456789abcdef-1260.avif 1260w",
      webp: "/media/produits/42-0123456789abcdef-315.webp 315w, /media/produits/42-0123456789abcdef-630.webp 630w, /media/produits/42-0123456789abcdef-1260.webp 1260w",
    });
    expect(imageSources("/images/products/cartons.svg")).toBeNull();
    expect(imageSources(null)).toBeNull();
    expect(MEDIA_FILE.test("../42-0123456789abcdef-630.webp")).toBe(false);
    expect(MEDIA_FILE.test("42-0123456789abcdef-631.webp")).toBe(false);
  });
});
