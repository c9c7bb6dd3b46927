// Transactions on node-postgres in fewer round trips (decision 106). BEGIN travels with the transaction's first
// statement and, for a statement marked final (`finalStatement` in client.ts), COMMIT with it: one write and one
// answer each, instead of a round trip for BEGIN and another for COMMIT. The final statement matters most: the
// row locks it takes (an order's hot stock row, the numbering row) are released when PostgreSQL has run it and
// committed, without waiting for this process's event loop to read its result and send COMMIT.
//
// Both ride the extended protocol: Parse/Bind/Execute of each part, one Sync. After an error PostgreSQL skips
// the rest until the Sync, so a failed statement never runs its COMMIT and the transaction is rolled back.
import pg from "pg";
import { NodePgSession, NodePgTransaction } from "drizzle-orm/node-postgres";
import {
  asDb,
  connectionOf,
  pgPrepareValue,
  pgQueryClass,
  type PgConnection as Connection,
  type PgQueryConfig as QueryConfig,
  type TxRunner,
} from "./driver.ts";

const Query = pgQueryClass(pg);
const prepareValue = pgPrepareValue(pg);

/**
 * Statements with simple commands run before and after them, in one pipeline (one Sync): one write, one answer.
 * A named statement after the first must already be parsed on the connection (PipelinedClient.queryMany sends them
 * one by one otherwise): the client records only the first one's parse, and a statement skipped after a failure
 * must not be taken for parsed. Unnamed ones are parsed where they stand.
 */
class PipelinedQuery extends Query {
  private completes = 0;
  constructor(
    private readonly parts: readonly QueryConfig[],
    private readonly before: readonly string[],
    private readonly after: readonly string[],
  ) {
    super({ ...parts[0], queryMode: "extended" }); // a query without parameters would go as a simple Query, alone
  }

  prepare(connection: Connection) {
    // A named statement not yet prepared on this connection is parsed first: the client records it as parsed at
    // the pipeline's first ParseComplete, which must be its own (a failed parse then leaves nothing recorded).
    // An unnamed one is parsed after the commands, whose unnamed statements would replace it.
    if (this.name && !this.hasBeenParsed(connection)) {
      connection.parse({ text: this.text, name: this.name, types: this.types });
      connection.submittedNamedStatements[this.name] = this.text;
    }
    for (const text of this.before) command(connection, text);
    super.prepare(connection);
  }

  // Query calls this last, after the first statement's Bind and Describe, to send the Execute and the Sync.
  _getRows(connection: Connection, rows: number | undefined) {
    connection.execute({ portal: this.portal, rows });
    for (const part of this.parts.slice(1)) {
      if (!part.name) connection.parse({ text: part.text, name: "", types: part.types });
      connection.bind({ portal: "", statement: part.name ?? "", values: part.values ?? [], valueMapper: prepareValue });
      connection.describe({ type: "P", name: "" });
      connection.execute({ portal: "", rows: 0 });
    }
    for (const text of this.after) command(connection, text);
    connection.sync();
  }

  // The commands' completions are not results of the statements: only theirs go to Query (one result each).
  handleCommandComplete(msg: unknown, connection: Connection) {
    const i = this.completes++ - this.before.length;
    if (i >= 0 && i < this.parts.length) super.handleCommandComplete(msg, connection);
  }
}

function command(connection: Connection, text: string) {
  connection.parse({ text, name: "" });
  connection.bind({ portal: "", statement: "", values: [] });
  connection.execute({ portal: "", rows: 0 });
}

/** Where a pipelined transaction stands: nothing sent, open, or its final statement sent (with COMMIT). */
type PipelineState = "idle" | "open" | "final";

/**
 * The client a transaction's drizzle session queries through: the first query carries BEGIN, the one after
 * `markFinal()` carries COMMIT; a query after the final statement throws (it would run outside the transaction).
 */
class PipelinedClient {
  state: PipelineState = "idle";
  private finalNext = false;
  constructor(readonly client: pg.PoolClient) {}

  markFinal() {
    this.finalNext = true;
  }

  query(config: string | QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const cfg: QueryConfig = typeof config === "string" ? { text: config, values } : { ...config, values: values ?? config.values };
    return this.queryMany([cfg]).then(([r]) => r);
  }

  /** Statements in one write (PipelinedQuery), BEGIN before them when they open the transaction, COMMIT after when final. */
  async queryMany(configs: readonly QueryConfig[]): Promise<pg.QueryResult[]> {
    if (this.state === "final") throw new Error("query after the transaction's final statement");
    const before = this.state === "idle" ? ["begin"] : [];
    const final = this.finalNext;
    const parsed = connectionOf(this.client).parsedStatements;
    if (configs.slice(1).some((c) => c.name !== undefined && parsed[c.name] === undefined)) {
      // Not yet parsed on this connection: one by one, the last carrying the COMMIT (once per connection and text).
      this.finalNext = false;
      const out: pg.QueryResult[] = [];
      for (const [i, c] of configs.entries()) {
        if (final && i === configs.length - 1) this.finalNext = true;
        out.push(...(await this.queryMany([c])));
      }
      return out;
    }
    const after = final ? ["commit"] : [];
    this.state = final ? "final" : "open";
    this.finalNext = false;
    if (configs.length === 1 && before.length === 0 && after.length === 0)
      return [(await this.client.query(configs[0] as never)) as pg.QueryResult];
    const q = new PipelinedQuery(configs, before, after);
    const results = await new Promise<pg.QueryResult | pg.QueryResult[]>((resolve, reject) => {
      q.callback = (e, r) => (e ? reject(e) : resolve(r));
      this.client.query(q as never);
    });
    return Array.isArray(results) ? results : [results];
  }
}

type SessionParts = { dialect: never; schema: never; options: never };

/**
 * The transaction runner of a node-postgres database (tx.ts): a pooled connection, a drizzle transaction over a
 * PipelinedClient, COMMIT sent at the end unless the final statement carried it, ROLLBACK after a failure once
 * anything was sent (after a committed final statement it only draws a warning: nothing after it may need undoing).
 */
export function pipelinedTransactions(pool: pg.Pool, session: SessionParts): TxRunner {
  return async (fn) => {
    const client = await pool.connect();
    const piped = new PipelinedClient(client);
    const tx = new NodePgTransaction(
      session.dialect,
      new NodePgSession(piped as never, session.dialect, session.schema, session.options),
      session.schema,
    );
    let lost: Error | undefined;
    try {
      const result = await fn(asDb(tx));
      if (piped.state === "open") await client.query("commit");
      return result;
    } catch (e) {
      if (piped.state !== "idle")
        await client.query("rollback").catch((err: Error) => {
          lost = err; // the connection is unusable: the pool discards it
        });
      throw e;
    } finally {
      client.release(lost);
    }
  };
}
