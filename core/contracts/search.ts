// The search calls (SPEC §5, §9; decisions 025, 050). The search keeps its own paging (`pageSize`,
// `products`: the documented exception to the list shape).
import { z } from "zod";
import { searchRequestSchema, suggestRequestSchema } from "../validation/search.ts";
import { defineCall } from "./contract.ts";
import { productCardAnswer } from "./catalogue.ts";
import { listPage } from "./shared.ts";

/** One page of results, best first: the catalogue's cards. */
const searchAnswer = z.object({ total: z.number(), page: z.number(), pageSize: z.number(), products: z.array(productCardAnswer) });

/** A suggestion: the product page in the request's language; `reference` when the text matched a model's reference. */
const suggestionAnswer = z.object({
  name: z.string(),
  url: z.string().describe("The product page in the request's language."),
  reference: z.string().optional().describe("The matched model, when the text matched a reference (exactly or by its beginning)."),
});

export const search = defineCall({ method: "GET", path: "/site/Product/search", input: searchRequestSchema, output: searchAnswer });

export const suggest = defineCall({
  method: "GET",
  path: "/site/Product/suggest",
  input: suggestRequestSchema,
  output: listPage(suggestionAnswer),
});

export type SearchAnswer = z.output<typeof searchAnswer>;
export type SuggestionAnswer = z.output<typeof suggestionAnswer>;
