import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { loginPath, requireCustomer, safeReturnPath } from "./guard.ts";

const home = "/mon-compte";

describe("safeReturnPath: only a path of this site is a return target", () => {
  it.each([
    "//evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "https://evil.example",
    "http:/evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/\u000b/evil.example",
    "/\u000c/evil.example",
    "/\u0000/evil.example",
    "/x\u007f",
    "evil.example",
    "",
    "javascript:alert(1)",
    "/%0a/x\n",
  ])("sends %j to the account page", (value) => {
    expect(safeReturnPath(value, home)).toBe(home);
  });

  it("keeps a path of the shop, normalised and encoded", () => {
    expect(safeReturnPath("/commande?step=2#top", home)).toBe("/commande?step=2#top");
    expect(safeReturnPath("/zh/identite", home)).toBe("/zh/identite");
    expect(safeReturnPath("/a/../identite", home)).toBe("/identite");
    expect(safeReturnPath("/recherche?search=é", home)).toBe("/recherche?search=%C3%A9");
    expect(safeReturnPath(null, home)).toBe(home);
  });
});

describe("requireCustomer: a visitor goes to the login page, which comes back to the page asked for", () => {
  const visitor = (lang: "fr" | "zh") => ({ lang, customer: null }) as unknown as AppLoadContext;
  const thrown = (lang: "fr" | "zh", url: string) => {
    try {
      requireCustomer(visitor(lang), new URL(url));
    } catch (e) {
      return (e as Response).headers.get("location");
    }
    throw new Error("no redirect");
  };

  it("returns to the page's path and query, in the page's language", () => {
    expect(thrown("fr", "http://shop.test/quick-order/purchased")).toBe("/connexion?redirect=%2Fquick-order%2Fpurchased");
    expect(thrown("zh", "http://shop.test/zh/paymentcb?order_id=1")).toBe("/zh/connexion?redirect=%2Fzh%2Fpaymentcb%3Forder_id%3D1");
  });

  it("never carries another origin: such a path returns to the account page", () => {
    expect(loginPath("fr", new URL("http://shop.test//evil.example/x"))).toBe("/connexion?redirect=%2Fmon-compte");
    expect(loginPath("zh", new URL("http://shop.test//evil.example/x"))).toBe("/zh/connexion?redirect=%2Fzh%2Fmon-compte");
  });

  it("lets a customer through", () => {
    const me = { id: 7 };
    expect(requireCustomer({ lang: "fr", customer: me } as unknown as AppLoadContext, new URL("http://shop.test/commande"))).toBe(me);
  });
});
