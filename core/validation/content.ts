// What staff send from the content pages and shops pages of the back office: a content page (its address name,
// fr and zh title and formatted text, footer flag, position) and a shop (fr and zh name and address, phone, e-mail,
// position on the map, opening hours per weekday). Messages are "admin.*" keys. The formatted text is sanitised
// by the service when it is saved (core/content/body-html.ts); here only its size is checked.
import { z } from "zod";
import { EMAIL_RE, intField, text } from "./common.ts";
import { isFrenchPhone } from "./phone.ts";

const m = (key: string) => ({ error: `admin.${key}` });

/** A page's address name (/content/{id}-{slug}): lower-case letters and digits in words joined by "-". */
export const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 80;
export const TITLE_MAX = 120;
export const BODY_MAX = 100_000;
export const POSITION_MAX = 9999;
/** Opening and closing times: "08:30", 00:00 to 23:59. */
export const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

const required = (key: string, max: number, tooLong: string, multiline = false) =>
  text(m(key), { multiline })
    .trim()
    .min(1, { ...m(key), abort: true })
    .max(max, m(tooLong));

/** A ticked box ("on") or nothing. */
const ticked = z
  .union([z.literal("on"), z.literal("true"), z.literal("")])
  .optional()
  .transform((v) => v === "on" || v === "true");

const position = intField(m("content_position_invalid"), { min: 0, max: POSITION_MAX });

/** The version the form was read at: "" for a new page. */
const version = text(m("content_stale")).trim().max(100, m("content_stale")).optional().default("");

export const contentPageFormSchema = z.object({
  version,
  slug: text(m("content_slug_invalid"))
    .trim()
    .toLowerCase()
    .min(1, { ...m("content_slug_invalid"), abort: true })
    .max(SLUG_MAX, m("content_slug_invalid"))
    .regex(SLUG_RE, m("content_slug_invalid")),
  title_fr: required("content_title_required", TITLE_MAX, "content_title_too_long"),
  title_zh: required("content_title_required", TITLE_MAX, "content_title_too_long"),
  body_fr: required("content_body_required", BODY_MAX, "content_body_too_long", true),
  body_zh: required("content_body_required", BODY_MAX, "content_body_too_long", true),
  in_footer: ticked,
  position,
});
export type ContentPageForm = z.output<typeof contentPageFormSchema>;

/** A page named by its id, with the version the form showed (delete). */
export const contentPageRefSchema = z.object({
  id: intField(m("content_not_found")),
  version: text(m("content_stale")).trim().min(1, m("content_stale")).max(100, m("content_stale")),
});

/** A coordinate in degrees with up to 7 decimals within ±`max`, or "" (no map link). */
const coordinate = (key: string, max: number) =>
  text(m(key))
    .trim()
    .transform((v) => v.replace(",", "."))
    .refine((v) => v === "" || (/^-?\d{1,3}(\.\d{1,7})?$/.test(v) && Math.abs(Number(v)) <= max), m(key));

const time = text(m("shop_time_invalid")).trim().optional().default("");

export type OpeningHours = ({ open: string; close: string } | null)[];

/** Each weekday's open_d, close_d and closed_d fields (read through a cast: their names are made). */
const dayFields = Object.fromEntries(
  WEEKDAYS.flatMap((d) => [
    [`open_${d}`, time],
    [`close_${d}`, time],
    [`closed_${d}`, ticked],
  ]),
) as Record<never, never>;

const shopFields = z.object({
  version,
  name_fr: required("shop_name_required", 120, "shop_name_too_long"),
  name_zh: required("shop_name_required", 120, "shop_name_too_long"),
  address_fr: required("shop_address_required", 200, "shop_address_too_long"),
  address_zh: required("shop_address_required", 200, "shop_address_too_long"),
  phone: text(m("shop_phone_invalid")).trim().max(20, m("shop_phone_invalid")).refine(isFrenchPhone, m("shop_phone_invalid")),
  email: text(m("shop_email_invalid"))
    .trim()
    .max(100, m("shop_email_invalid"))
    .refine((v) => v === "" || EMAIL_RE.test(v), m("shop_email_invalid"))
    .optional()
    .default(""),
  lat: coordinate("shop_lat_invalid", 90).optional().default(""),
  lng: coordinate("shop_lng_invalid", 180).optional().default(""),
  position,
  ...dayFields,
});

/**
 * A shop's form: each weekday closed, or open from `open_d` to `close_d` (HH:MM, opening before closing); the
 * output has the week as the storefront reads it, index 0 = Monday … 6 = Sunday, null when closed.
 */
export const shopFormSchema = shopFields
  .superRefine((v, ctx) => {
    const f = v as Record<string, unknown>;
    for (const d of WEEKDAYS) {
      if (f[`closed_${d}`] === true) continue;
      const open = String(f[`open_${d}`] ?? "");
      const close = String(f[`close_${d}`] ?? "");
      if (!TIME_RE.test(open)) ctx.addIssue({ code: "custom", path: [`open_${d}`], message: "admin.shop_time_invalid" });
      else if (!TIME_RE.test(close)) ctx.addIssue({ code: "custom", path: [`close_${d}`], message: "admin.shop_time_invalid" });
      else if (open >= close) ctx.addIssue({ code: "custom", path: [`close_${d}`], message: "admin.shop_hours_order" });
    }
  })
  .transform((v) => {
    const f = v as Record<string, unknown>;
    const hours: OpeningHours = WEEKDAYS.map((d) =>
      f[`closed_${d}`] === true ? null : { open: String(f[`open_${d}`]), close: String(f[`close_${d}`]) },
    );
    return {
      version: v.version,
      name: { fr: v.name_fr, zh: v.name_zh },
      address: { fr: v.address_fr, zh: v.address_zh },
      phone: v.phone,
      email: v.email === "" ? null : v.email,
      lat: v.lat === "" ? null : v.lat,
      lng: v.lng === "" ? null : v.lng,
      position: v.position,
      hours,
    };
  });
export type ShopForm = z.output<typeof shopFormSchema>;

/** The shop a form is for. */
export const shopRefSchema = z.object({ shop: intField(m("shop_not_found")) });
