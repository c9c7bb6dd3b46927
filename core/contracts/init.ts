// The contracts of the start-up calls (core/contracts/contract.ts).
import { z } from "zod";
import { defineCall } from "./contract.ts";
import { userInfoAnswer } from "./accounts.ts";
import { initQuerySchema } from "../validation/init.ts";
import type { CategoryNode } from "../catalogue/types.ts";

const categoryAt = <C extends z.ZodType>(child: C) =>
  z.object({
    id: z.number(),
    name: z.string(),
    level: z.number(),
    img: z.string().nullable(),
    img_status: z.number(),
    child: z.array(child),
  });

/**
 * A category and its branches, spelt out to the deepest level the table allows (0, the root, to 3), so that
 * the OpenAPI document holds it without references; its type is the catalogue's tree, which the
 * service builds level-blind.
 */
const categoryNodeAnswer: z.ZodType<CategoryNode> = categoryAt(categoryAt(categoryAt(categoryAt(z.never()))));

/** The caller's part. */
const sessionFields = {
  refreshToken: z.string().nullable().describe("The new token when this call rotated the session, else null."),
  token_status: z
    .literal([0, 1])
    .describe("0 when a token was sent and is not a live session (the client logs out; the uid cookie is cleared), else 1."),
  userInfo: userInfoAnswer.nullable().describe("The caller, or null for a visitor."),
};

/** The whole start-up data (SPEC §4): category tree, site config and the caller's part. */
const initAnswer = z.object({
  product_cate: z
    .array(categoryNodeAnswer)
    .describe("The whole tree rooted at ACCUEIL (level 0, levels 1–3 below), names in the request's language."),
  config: z
    .record(z.string(), z.unknown())
    .describe(
      "The site config rows by key, as stored (SPEC §4; nothing secret): minBuyPrice, freeDeliveryAmount, onePaletteVolume, cartGoodsLimit, paletteBlockZipcode, parisProvinceZipcode, optionRdvBlockZipcode, colis_params, ad_img, the shop's contacts…",
    ),
  ...sessionFields,
});

/** With part=session (decision 063): the caller's part only, with the unread notifications when logged in (decision 082). */
const sessionPartAnswer = z.object({
  ...sessionFields,
  notifications_unread: z.number().optional().describe("The caller's unread notifications; absent for a visitor."),
});

export const config = defineCall({
  method: "GET",
  path: "/site/Index/config",
  input: initQuerySchema,
  output: z.union([initAnswer, sessionPartAnswer]),
});

export const getUserInfo = defineCall({ method: "GET", path: "/site/Customer/getUserInfo", auth: true, output: userInfoAnswer });

export type InitAnswer = z.output<typeof initAnswer>;
export type SessionPartAnswer = z.output<typeof sessionPartAnswer>;
