// One contract per API call (decision 131): its method, its path, the schema of its request and the schema
// of its answer's `data`. The route serves it (input parsed with `input`), the tests check every answer with
// `output`, the OpenAPI document describes both, and the browser client takes its types from it: no answer
// type is declared by hand on either side.
import type { z } from "zod";

type Method = "GET" | "POST";

export type Contract = {
  method: Method;
  /** The full path ("/site/Index/getShoppingCart"). */
  path: `/site/${string}`;
  /** The request: the query of a GET, the JSON body of a POST (without the signature). */
  input?: z.ZodType;
  /** The answer's `data` on success (code 200). */
  output: z.ZodType;
  /** A logged-in customer is needed: 401 otherwise, before the input is read. */
  auth?: boolean;
};

/** Declares a contract, keeping its literal method and path for the client's types. */
export const defineCall = <const C extends Contract>(c: C): C => c;

/** What a caller sends (numbers of a query may be texts). */
export type RequestOf<C extends Contract> = C["input"] extends z.ZodType ? z.input<C["input"]> : Record<string, never>;
/** What the route's handler receives once the input is parsed. */
export type ParsedOf<C extends Contract> = C["input"] extends z.ZodType ? z.output<C["input"]> : undefined;
/** The answer's `data`. */
export type AnswerOf<C extends Contract> = z.output<C["output"]>;

declare const holds: unique symbol;
/** A JSON text known to hold a T: an answer a service serialises itself (decision 091), typed by its contract. */
export type JsonText<T> = string & { readonly [holds]: T };
