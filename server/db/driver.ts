// The one module that reaches past the public types of drizzle, node-postgres and PGlite. Everything else uses
// `Db` and the functions here; a driver upgrade that changes an internal breaks this file only (its tests:
// pipelined-tx.test.ts, prepared-query.test.ts, tx.test.ts).
import { entityKind, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema/index.ts";
import type { Connection, Pool, PoolClient, Query as PgQuery, QueryResult } from "pg";

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

/**
 * What a handle of node-postgres queries through: the pool, or a transaction's PipelinedClient (pipelined-tx.ts),
 * which also sends several statements in one write and carries COMMIT with a final one.
 */
type PgClient = {
  query(config: PgQueryConfig): Promise<QueryResult>;
  queryMany?: (configs: readonly PgQueryConfig[]) => Promise<QueryResult[]>;
  markFinal?: () => void;
};
type Internals = { session: { client: PgClient }; dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } };

/** `q`'s text and parameters as `db`'s dialect builds them. */
export const sqlToQuery = (db: Db, q: SQL) => (db as unknown as Internals).dialect.sqlToQuery(q);

/** The node-postgres client of `db` and drizzle's SQL builder, or null on PGlite. */
export function nodePgSession(db: Db): { client: PgClient; toQuery: (q: SQL) => { sql: string; params: unknown[] } } | null {
  const { session, dialect } = db as unknown as Internals;
  if ((session.constructor as unknown as Record<symbol, unknown>)[entityKind] !== "NodePgSession") return null;
  return { client: session.client, toQuery: (q) => dialect.sqlToQuery(q) };
}

/** The node-postgres pool of `db` (tests count its round trips: server/test/round-trips.ts). */
export const pgPool = (db: Db): Pool => (db as unknown as { session: { client: Pool } }).session.client;

/** The protocol connection of a pooled client, whose messages (ReadyForQuery) the tests count. */
export const pgConnection = (c: PoolClient): Connection => (c as unknown as { connection: Connection }).connection;

// The types drizzle's node-postgres queries leave as the database's text (dates, timestamps, intervals and their
// arrays), so that a statement sent straight to the client answers the same values as db.execute.
const TEXT_TYPES = new Set([1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);

type PgTypes = { getTypeParser(oid: number, format?: string): unknown };
let statementTypes: PgTypes | undefined;

/** Sets the type parsers of statements sent straight to node-postgres (once it is loaded): drizzle's choices. */
export function setStatementTypes(pg: { types: PgTypes }) {
  statementTypes ??= {
    getTypeParser: (oid: number, format?: string) => (TEXT_TYPES.has(oid) ? (v: string) => v : pg.types.getTypeParser(oid, format)),
  };
}

/** A statement's configuration for node-postgres (unnamed without `name`), with drizzle's type parsers. */
export const pgStatement = (name: string | undefined, text: string, values: unknown[]): PgQueryConfig => ({
  name,
  text,
  values,
  types: statementTypes,
});

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
  bind(m: { portal: string; statement: string; values: unknown[]; valueMapper?: (v: unknown) => unknown }): void;
  describe(m: { type: "P" | "S"; name: string }): void;
  execute(m: { portal: string; rows?: number }): void;
  sync(): void;
  submittedNamedStatements: Record<string, string>;
  parsedStatements: Record<string, string>;
};

/** The connection of a pooled node-postgres client (its named statements and protocol messages). */
export const connectionOf = (client: object): PgConnection => (client as { connection: PgConnection }).connection;

/** The parts of node-postgres's Query (lib/query.js) that a submittable subclass overrides or calls. */
interface PgQueryInternals {
  name?: string;
  text: string;
  types?: unknown;
  portal: string;
  callback?: (e: Error | null, r: QueryResult | QueryResult[]) => void;
  hasBeenParsed(c: PgConnection): boolean;
  prepare(c: PgConnection): void;
  handleCommandComplete(msg: unknown, c: PgConnection): void;
}

/** node-postgres's conversion of a parameter to its text on the wire, as its Query binds them (lib/utils.js). */
export const pgPrepareValue = (pg: object) => (pg as { utils: { prepareValue: (v: unknown) => unknown } }).utils.prepareValue;

/** node-postgres's Query class with its internals typed (the module is passed in: it is loaded only when used). */
export const pgQueryClass = (pg: { Query: typeof PgQuery }) => pg.Query as unknown as new (config: PgQueryConfig) => PgQueryInternals;
