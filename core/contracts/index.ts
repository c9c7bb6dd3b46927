// Every API contract, by path, for the browser client's types (type-only: nothing here reaches a bundle).
import type { Contract } from "./contract.ts";
import type * as accounts from "./accounts.ts";
import type * as aftersales from "./aftersales.ts";
import type * as cart from "./cart.ts";
import type * as catalogue from "./catalogue.ts";
import type * as checkout from "./checkout.ts";
import type * as documents from "./documents.ts";
import type * as init from "./init.ts";
import type * as newsletter from "./newsletter.ts";
import type * as orders from "./orders.ts";
import type * as payments from "./payments.ts";
import type * as questions from "./questions.ts";
import type * as quickOrder from "./quick-order.ts";
import type * as quotations from "./quotations.ts";
import type * as search from "./search.ts";

// Distributed over the modules: `keyof` of a union of modules is only the names they all share.
type ContractsOf<M> = M extends unknown ? Extract<M[keyof M], Contract> : never;

type AnyCall = ContractsOf<
  | typeof accounts
  | typeof aftersales
  | typeof cart
  | typeof catalogue
  | typeof checkout
  | typeof documents
  | typeof init
  | typeof newsletter
  | typeof orders
  | typeof payments
  | typeof questions
  | typeof quickOrder
  | typeof quotations
  | typeof search
>;

/** The contract of each path. */
export type CallByPath = { [C in AnyCall as C["path"]]: C };
export type CallPath = keyof CallByPath;
