// Answer schemas more than one call shares.
import { z } from "zod";
import { ADDRESS_KINDS } from "../validation/address.ts";
import type { ListPage } from "../list-page.ts";

/** A number, or a decimal text as NUMERIC columns give it. */
export const numeric = z.union([z.number(), z.string()]);

/** One of the caller's addresses (SPEC §3), as every answer shows it. */
export const addressAnswer = z.object({
  id: z.number(),
  kind: z.enum(ADDRESS_KINDS),
  is_default: z.boolean(),
  title: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string().nullable(),
  line1: z.string(),
  line2: z.string().nullable(),
  zip_code: z.string(),
  city: z.string(),
  country: z.string(),
  phone: z.string().nullable(),
});

/** The one shape of a list answer (core/list-page.ts): the rows of a page, the count of all, the page and its size. */
export const listPage = <T extends z.ZodType>(row: T) =>
  z.object({ list: z.array(row), total: z.number(), page: z.number(), page_size: z.number() }) satisfies z.ZodType<ListPage<z.output<T>>>;

/** The answer of a call that answers nothing but its message. */
export const nothing = z.null();
