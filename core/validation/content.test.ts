import { describe, expect, it } from "vitest";
import { contentPageFormSchema, shopFormSchema } from "./content.ts";

const first = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? null : `${String(r.error!.issues[0].path[0])}: ${r.error!.issues[0].message}`;

const page = {
  version: "",
  slug: "livraison-express",
  title_fr: "Livraison express",
  title_zh: "快递",
  body_fr: "<p>Texte</p>\n<p>Suite</p>",
  body_zh: "<p>文字</p>",
  in_footer: "on",
  position: "3",
};

const week = Object.fromEntries(
  [1, 2, 3, 4, 5, 6, 7].flatMap((d) =>
    d === 7
      ? [[`closed_${d}`, "on"]]
      : [
          [`open_${d}`, "08:30"],
          [`close_${d}`, "18:30"],
        ],
  ),
);
const shop = {
  version: "abc",
  name_fr: "Magasin",
  name_zh: "商店",
  address_fr: "1 rue X, 93300 Aubervilliers",
  address_zh: "1 rue X",
  phone: "01 48 33 20 10",
  email: "a@comptoir-emballage.fr",
  lat: "48,9064",
  lng: "2.3796",
  position: "1",
  ...week,
};

describe("a content page's form", () => {
  it("reads the fields: slug in lower case, box ticked or not, position", () => {
    expect(contentPageFormSchema.parse({ ...page, slug: " Livraison-Express " })).toMatchObject({
      slug: "livraison-express",
      in_footer: true,
      position: 3,
    });
    expect(contentPageFormSchema.parse({ ...page, in_footer: undefined }).in_footer).toBe(false);
  });

  it("refuses a bad slug, a missing title or body, a control character, a bad position", () => {
    for (const slug of ["", "a b", "-a", "a--b", "é", "a/b", "../x", "a".repeat(81)])
      expect(first(contentPageFormSchema.safeParse({ ...page, slug })), slug).toBe("slug: admin.content_slug_invalid");
    expect(first(contentPageFormSchema.safeParse({ ...page, title_zh: " " }))).toBe("title_zh: admin.content_title_required");
    expect(first(contentPageFormSchema.safeParse({ ...page, title_fr: "x".repeat(121) }))).toBe("title_fr: admin.content_title_too_long");
    expect(first(contentPageFormSchema.safeParse({ ...page, body_fr: "" }))).toBe("body_fr: admin.content_body_required");
    expect(first(contentPageFormSchema.safeParse({ ...page, body_fr: "a\u0000" }))).toBe("body_fr: validation.control_characters");
    for (const position of ["-1", "10000", "1.5", "x"])
      expect(first(contentPageFormSchema.safeParse({ ...page, position })), position).toBe("position: admin.content_position_invalid");
  });
});

describe("a shop's form", () => {
  it("reads the week, Monday first, null when closed, and the coordinates with a decimal point", () => {
    const s = shopFormSchema.parse(shop);
    expect(s.hours).toHaveLength(7);
    expect(s.hours[0]).toEqual({ open: "08:30", close: "18:30" });
    expect(s.hours[6]).toBeNull();
    expect(s).toMatchObject({ lat: "48.9064", lng: "2.3796", phone: "01 48 33 20 10", position: 1, name: { fr: "Magasin", zh: "商店" } });
    expect(shopFormSchema.parse({ ...shop, email: "", lat: "", lng: "" })).toMatchObject({ email: null, lat: null, lng: null });
  });

  it("refuses a bad time, a closing before the opening, a bad phone, e-mail or coordinate", () => {
    expect(first(shopFormSchema.safeParse({ ...shop, open_2: "8h30" }))).toBe("open_2: admin.shop_time_invalid");
    expect(first(shopFormSchema.safeParse({ ...shop, close_3: "24:00" }))).toBe("close_3: admin.shop_time_invalid");
    expect(first(shopFormSchema.safeParse({ ...shop, open_7: "", close_7: "", closed_7: "" }))).toBe("open_7: admin.shop_time_invalid");
    expect(first(shopFormSchema.safeParse({ ...shop, open_1: "18:30", close_1: "08:30" }))).toBe("close_1: admin.shop_hours_order");
    expect(first(shopFormSchema.safeParse({ ...shop, open_1: "09:00", close_1: "09:00" }))).toBe("close_1: admin.shop_hours_order");
    expect(first(shopFormSchema.safeParse({ ...shop, phone: "12345" }))).toBe("phone: admin.shop_phone_invalid");
    expect(first(shopFormSchema.safeParse({ ...shop, email: "pas-un-mail" }))).toBe("email: admin.shop_email_invalid");
    expect(first(shopFormSchema.safeParse({ ...shop, lat: "91" }))).toBe("lat: admin.shop_lat_invalid");
    expect(first(shopFormSchema.safeParse({ ...shop, lng: "2.3.4" }))).toBe("lng: admin.shop_lng_invalid");
    expect(first(shopFormSchema.safeParse({ ...shop, name_fr: "" }))).toBe("name_fr: admin.shop_name_required");
  });

  it("takes a closed day's times as they are (not read)", () => {
    expect(shopFormSchema.parse({ ...shop, open_7: "zz", close_7: "" }).hours[6]).toBeNull();
  });
});
