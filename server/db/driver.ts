// The one module that reaches past the public types of drizzle, node-postgres and PGlite. Everything else uses
// `Db` and the functions here; a driver upgrade that changes an internal breaks this file only (its tests:
// pipelined-tx.test.ts, prepared-query.test.ts, tx.test.ts).
import { entityKind, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema/index.ts";
import type { Query as PgQuery, QueryResult } from "pg";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A drizzle database or transaction of either driver, as the one `Db` type (their result types differ). */
export const asDb = (db: object): Db => db as unknown as Db;

/** The rows of a `db.execute` result: both drivers answer `{ rows }`. */
export async function executeRows<T>(db: Db, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

/** How a database runs a transaction when it has its own way (node-postgres: pipelined-tx.ts). */
export type TxRunner = <T>(fn: (tx: Db) => Promise<T>) => Promise<T>;
const TX_RUNNER = Symbol.for("comptoir.txRunner");

export function setTxRunner(db: Db, runner: TxRunner) {
  (db as unknown as Record<symbol, TxRunner>)[TX_RUNNER] = runner;
}

export const txRunnerOf = (db: Db): TxRunner | undefined => (db as unknown as Record<symbol, TxRunner | undefined>)[TX_RUNNER];

/** The parts of drizzle's session and dialect a named prepared statement needs. */
type Session = {
  prepareQuery(q: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: boolean): { execute(): Promise<unknown> };
  client: { markFinal?: () => void };
};
type Internals = { session: Session; dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } };

/** The node-postgres session of `db`, or null on PGlite. */
export function nodePgSession(db: Db): { session: Session; toQuery: (q: SQL) => { sql: string; params: unknown[] } } | null {
  const { session, dialect } = db as unknown as Internals;
  if ((session.constructor as unknown as Record<symbol, unknown>)[entityKind] !== "NodePgSession") return null;
  return { session, toQuery: (q) => dialect.sqlToQuery(q) };
}

/** The session parts a pipelined transaction builds its own session from (pipelined-tx.ts). */
export const sessionParts = (db: Db) => (db as unknown as { session: { dialect: never; schema: never; options: never } }).session;

/** Every query of `client` (a PGlite or a node-postgres pool) goes through `guard` first. */
export function guardQueries(client: { query: unknown }, guard: () => void) {
  const inner = (client.query as (...args: unknown[]) => unknown).bind(client);
  client.query = (...args: unknown[]) => {
    guard();
    return inner(...args);
  };
}

/** A node-postgres query's configuration, as its Query class takes it. */
export type PgQueryConfig = { text: string; name?: string; values?: unknown[]; rowMode?: string; types?: unknown; queryMode?: "extended" };

/** The protocol messages of node-postgres's connection that a pipelined query sends. */
export type PgConnection = {
  parse(m: { text: string; name: string; types?: unknown }): void;
  bind(m: { portal: string; statement: string; values: unknown[] }): void;
  execute(m: { portal: string; rows?: number }): void;
  sync(): void;
  submittedNamedStatements: Record<string, string>;
};

/** The parts of node-postgres's Query (lib/query.js) that a submittable subclass overrides or calls. */
export interface PgQueryInternals {
  name?: string;
  text: string;
  types?: unknown;
  portal: string;
  callback?: (e: Error | null, r: QueryResult) => void;
  hasBeenParsed(c: PgConnection): boolean;
  prepare(c: PgConnection): void;
  handleCommandComplete(msg: unknown, c: PgConnection): void;
}

/** node-postgres's Query class with its internals typed (the module is passed in: it is loaded only when used). */
export const pgQueryClass = (pg: { Query: typeof PgQuery }) => pg.Query as unknown as new (config: PgQueryConfig) => PgQueryInternals;
