// The documents' route family (decision 130): every kind (invoice, credit note, quotation) answers alike, at the
// paths the lists, pages and e-mails link to. Owner: the PDF. Another customer: the 404 page of an absent
// document, byte for byte. Visitor: a browser goes to the login page in the document's language and comes back,
// an app gets 401. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { documentPdfPath, type DocumentKind } from "#core/documents/pdf-url.ts";

type Doc = {
  kind: DocumentKind;
  /** The demo customer's document: its path as linked until now, its number. */
  path: () => string;
  number: string;
  /** A reference no document has. */
  absent: string;
};

describe.each(testDbKinds())("document PDFs on %s", (dbKind) => {
  let t: TestApp;
  let demo: string;
  let martin: string;
  let quotationId = 0;
  const get = (url: string, headers: { [h: string]: string | undefined } = {}) =>
    t.app.inject({ method: "GET", url, headers: headers as Record<string, string> });

  const docs: Doc[] = [
    { kind: "invoice", path: () => "/documents/invoice/1.pdf", number: "FA2026-000045", absent: "99999" },
    { kind: "credit-note", path: () => "/documents/credit-note/1.pdf", number: "AV2026-000007", absent: "99999" },
    { kind: "quotation", path: () => `/documents/quotation/${quotationId}.pdf`, number: "DV2026-000012", absent: "DV2026-999999" },
  ];

  beforeAll(async () => {
    t = await createTestApp(dbKind);
    const db = t.database.db;
    demo = await t.app.services.sessions.create(db, 1);
    martin = await t.app.services.sessions.create(db, 2);
    [{ id: quotationId }] = await query<{ id: number }>(db, sql`select id from quotations where number = 'DV2026-000012'`);
  }, 120_000);
  afterAll(() => t.close());

  it("links every kind at /documents/<kind>/<ref>.pdf, ?lang=zh for Chinese", () => {
    expect(docs.map((d) => d.path())).toEqual([
      documentPdfPath("invoice", 1),
      documentPdfPath("credit-note", 1),
      documentPdfPath("quotation", quotationId),
    ]);
    expect(documentPdfPath("quotation", "DV2026-000012", "zh")).toBe("/documents/quotation/DV2026-000012.pdf?lang=zh");
  });

  describe.each(docs)("$kind", (doc) => {
    it("gives its owner the PDF, by cookie or bearer token, in French and in Chinese", async () => {
      for (const [lang, suffix, name] of [
        ["fr", "", `${doc.number}.pdf`],
        ["zh", "?lang=zh", `${doc.number}-zh.pdf`],
      ] as const)
        for (const headers of [{ cookie: `uid=${demo}` }, { authorization: `Bearer ${demo}` }]) {
          const res = await get(`${doc.path()}${suffix}`, headers);
          expect(res.statusCode, `${lang} ${Object.keys(headers)[0]}`).toBe(200);
          expect(res.headers["content-type"]).toBe("application/pdf");
          expect(res.headers["content-disposition"]).toBe(`attachment; filename="${name}"`);
          expect(res.headers["cache-control"]).toBe("private, no-store");
          expect(res.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
        }
    });

    it("answers another customer as for an absent document", async () => {
      for (const lang of ["", "?lang=zh"]) {
        const absent = await get(`/documents/${doc.kind}/${doc.absent}.pdf${lang}`, { cookie: `uid=${demo}` });
        expect(absent.statusCode).toBe(404);
        expect(absent.headers["content-type"]).toContain("text/html");
        for (const headers of [{ cookie: `uid=${martin}` }, { authorization: `Bearer ${martin}` }]) {
          const theirs = await get(`${doc.path()}${lang}`, headers);
          expect(theirs.statusCode).toBe(404);
          expect(theirs.headers["content-type"]).toBe(absent.headers["content-type"]);
          expect(theirs.headers["cache-control"]).toBe("private, no-store");
          expect(theirs.body).toBe(absent.body);
          expect(theirs.body).not.toContain(doc.number);
        }
      }
    });

    it("sends a visitor's browser to the login page in the document's language, and answers an app 401", async () => {
      for (const [suffix, login] of [
        ["", "/connexion"],
        ["?lang=zh", "/zh/connexion"],
      ] as const) {
        const url = `${doc.path()}${suffix}`;
        const browser = await get(url, { accept: "text/html,application/xhtml+xml,*/*;q=0.8" });
        expect(browser.statusCode, url).toBe(302);
        expect(browser.headers.location).toBe(`${login}?redirect=${encodeURIComponent(url)}`);
        expect(browser.headers["cache-control"]).toBe("private, no-store");
        for (const headers of [{}, { accept: "application/pdf" }, { authorization: "Bearer nope" }]) {
          const app = await get(url, headers);
          expect(app.statusCode, JSON.stringify(headers)).toBe(401);
          expect(app.headers["content-type"]).toContain("text/plain");
        }
      }
    });
  });
});
