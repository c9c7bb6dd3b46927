// Every API contract at run time: the server checks that each one is served, and served once.
import type { Contract } from "./contract.ts";
import * as accounts from "./accounts.ts";
import * as aftersales from "./aftersales.ts";
import * as cart from "./cart.ts";
import * as catalogue from "./catalogue.ts";
import * as checkout from "./checkout.ts";
import * as documents from "./documents.ts";
import * as init from "./init.ts";
import * as newsletter from "./newsletter.ts";
import * as orders from "./orders.ts";
import * as payments from "./payments.ts";
import * as questions from "./questions.ts";
import * as quickOrder from "./quick-order.ts";
import * as quotations from "./quotations.ts";
import * as search from "./search.ts";

const isContract = (v: unknown): v is Contract => typeof v === "object" && v !== null && "path" in v && "method" in v && "output" in v;

export const allContracts: Contract[] = [
  accounts,
  aftersales,
  cart,
  catalogue,
  checkout,
  documents,
  init,
  newsletter,
  orders,
  payments,
  questions,
  quickOrder,
  quotations,
  search,
].flatMap((m) => Object.values(m).filter(isContract));
