// The newsletter's unsubscribe link (decision 147): a valid link ends the subscription without a login; a forged
// token (another subscription's, another secret's, altered) is refused and changes nothing; a link used again
// answers the same success with nothing to do. Every newsletter e-mail carries the link and the List-Unsubscribe
// headers. PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { newsletterSubscriptions } from "#server/db/schema/index.ts";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";
import { tokenMatches, unsubscribeToken, withUnsubscribe } from "./unsubscribe-link.ts";

const SECRET = "test-link-secret-0123";
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => "accepted",
    (e: { key?: string }) => e.key ?? String(e),
  );

describe("unsubscribe tokens", () => {
  it("binds the token to the secret, the subscription and its address (case folded)", () => {
    const t = unsubscribeToken(SECRET, 4, "Anne@Exemple.fr");
    expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokenMatches(SECRET, 4, "anne@exemple.fr", t)).toBe(true);
    expect(tokenMatches(SECRET, 5, "anne@exemple.fr", t)).toBe(false);
    expect(tokenMatches(SECRET, 4, "paul@exemple.fr", t)).toBe(false);
    expect(tokenMatches("another-secret-0123", 4, "anne@exemple.fr", t)).toBe(false);
    expect(tokenMatches(SECRET, 4, "anne@exemple.fr", t.slice(0, -1))).toBe(false);
  });

  it("adds the link and the one-click headers to a newsletter e-mail, in its language", () => {
    const url = "https://shop.example/zh/newsletter/desinscription?s=1&t=x";
    const mail = withUnsubscribe({ to: "a@b.fr", subject: "S", text: "Bonjour", html: "<p>Bonjour</p>" }, "zh", url);
    expect(mail.text).toContain(url);
    expect(mail.text).toContain("通讯");
    expect(mail.html).toContain(`href="${url.replace(/&/g, "&amp;")}"`);
    expect(mail.headers).toEqual({ "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
  });
});

describe.each(testDbKinds())("unsubscribing by the link (%s)", (kind) => {
  let t: TestApp;
  const s = () => t.app.services;
  const subscription = async (email: string) =>
    (await s().db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)))[0];
  const linkParams = (url: string) => {
    const q = new URL(url).searchParams;
    return { id: Number(q.get("s")), token: q.get("t")! };
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { LINK_SECRET: SECRET });
  }, 120_000);
  afterAll(() => t?.close());

  it("gives each subscriber a link in their language", async () => {
    await s().newsletter.subscribe(s().db, "lien@exemple.fr", "zh");
    const sub = await subscription("lien@exemple.fr");
    const url = s().newsletter.linkOf(sub);
    expect(url).toMatch(/\/zh\/newsletter\/desinscription\?s=\d+&t=[\w-]{43}$/);
    expect(linkParams(url)).toEqual({ id: sub.id, token: unsubscribeToken(SECRET, sub.id, "lien@exemple.fr") });
  });

  it("refuses a forged token and changes nothing", async () => {
    await s().newsletter.subscribe(s().db, "forge@exemple.fr", "fr");
    await s().newsletter.subscribe(s().db, "autre@exemple.fr", "fr");
    const sub = await subscription("forge@exemple.fr");
    const other = linkParams(s().newsletter.linkOf(await subscription("autre@exemple.fr")));
    for (const token of [other.token, unsubscribeToken("not-the-secret-123", sub.id, sub.email), "A".repeat(43), ""])
      expect(await refusal(s().newsletter.unsubscribe(s().db, sub.id, token))).toBe("common.unsubscribe.invalid");
    expect(await subscription("forge@exemple.fr")).toBeDefined();
    expect(await subscription("autre@exemple.fr")).toBeDefined();
  });

  it("unsubscribes with a valid link, and a replayed link changes nothing more", async () => {
    await s().newsletter.subscribe(s().db, "depart@exemple.fr", "fr");
    const { id, token } = linkParams(s().newsletter.linkOf(await subscription("depart@exemple.fr")));
    expect(await s().newsletter.unsubscribe(s().db, id, token)).toEqual({ removed: true });
    expect(await subscription("depart@exemple.fr")).toBeUndefined();
    expect(await s().newsletter.unsubscribe(s().db, id, token)).toEqual({ removed: false });
    // signing up again makes a new subscription: the old link does not end it
    await s().newsletter.subscribe(s().db, "depart@exemple.fr", "fr");
    expect(await s().newsletter.unsubscribe(s().db, id, token)).toEqual({ removed: false });
    expect(await subscription("depart@exemple.fr")).toBeDefined();
  });
});
