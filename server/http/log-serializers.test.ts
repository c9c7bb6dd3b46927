// A failing query logs neither its parameters nor the row's personal data.
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pino from "pino";
import { customers, staffUsers } from "#server/db/schema/index.ts";
import { openTestDatabase, testDbKinds } from "#server/test/databases.ts";
import type { Database } from "#server/db/client.ts";
import type { FastifyRequest } from "fastify";
import { logSerializers } from "./log-serializers.ts";

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: pino({ serializers: logSerializers }, stream), text: () => lines.join("") };
}

const SECRET_HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$c2VjcmV0aGFzaHZhbHVl";
const SECRET_MAIL = "jeanne.secret@exemple.fr";

describe.each(testDbKinds())("error logs on %s", (kind) => {
  let d: Database;
  beforeAll(async () => {
    d = await openTestDatabase(kind);
  });
  afterAll(() => d.close());

  it("keeps the error and drops the parameters of a failing query", async () => {
    const row = {
      clientNumber: "C-SECRET-1",
      title: "Mme" as const,
      firstName: "Jeanne",
      lastName: "Secrète",
      email: SECRET_MAIL,
      passwordHash: SECRET_HASH,
    };
    await d.db.insert(customers).values(row);
    const err = await d.db
      .insert(customers)
      .values(row)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(Error);
    // what the default serializer would have written: the parameters are in the error
    expect(JSON.stringify({ message: (err as Error).message, ...(err as object) })).toContain(SECRET_HASH);
    const { log, text } = capture();
    log.error({ err }, "unhandled error");
    const out = text();
    expect(out).toContain("unhandled error");
    expect(out).toMatch(/23505|Failed query/);
    for (const secret of [SECRET_HASH, SECRET_MAIL, "C-SECRET-1", "Secrète"]) expect(out).not.toContain(secret);
  });

  it("logs no staff second-factor secret of a failing query, sealed or in clear", async () => {
    const sealed = "v1.c2VhbGVkLXNlY3JldC1zZWFsZWQtc2VjcmV0LXNlYWxlZA";
    const clear = "PBH7G6HNJ63SRCHUBSIC5B4RPFLAMBGP";
    const row = { email: "secret-staff@exemple.fr", name: "S", roles: ["warehouse" as const], totpSecret: sealed };
    await d.db.insert(staffUsers).values(row);
    const err = await d.db
      .insert(staffUsers)
      .values({ ...row, totpSecret: clear })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(Error);
    const { log, text } = capture();
    log.error({ err }, "unhandled error");
    for (const secret of [sealed, clear]) expect(text()).not.toContain(secret);
  });

  it("logs request paths without their query string", () => {
    const { log, text } = capture();
    const req = {
      method: "GET",
      url: "/site/Product/search?search=Dupont&t=1&at=abc",
      hostname: "shop",
      ip: "10.0.0.1",
    } as unknown as FastifyRequest;
    log.info({ req }, "incoming request");
    expect(text()).toContain("/site/Product/search");
    expect(text()).not.toContain("Dupont");
  });
});
