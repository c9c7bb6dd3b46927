// The context of a use case (decision 132): the database or transaction it works in, the customer it works for
// and the language of its answer. A route and a page build it once from the request; a service takes it whole
// rather than positional (db, customerId, …, lang), and passes `{ ...ctx, db: tx }` inside a transaction.
import type { Db } from "#server/db/client.ts";
import type { Lang } from "#core/lang.ts";
import type { SessionCustomer } from "#server/modules/accounts/sessions.service.ts";

/** Who a use case runs for: the customer's id is all most services read; those needing more ask for `SessionCustomer`. */
export type Context<Customer extends { id: number } | null = { id: number }> = { db: Db; customer: Customer; lang: Lang };

/** A logged-in customer's context, with the whole customer row (identity changes, mails). */
export type SessionContext = Context<SessionCustomer>;

/** The context of a customer by id (tests, jobs and scripts): what a service needs without a request. */
export const contextOf = (db: Db, customerId: number, lang: Lang = "fr"): Context => ({ db, customer: { id: customerId }, lang });
