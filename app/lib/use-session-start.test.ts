// The personal part of start-up (SPEC §4) applied to the session store after hydration.
import { beforeEach, describe, expect, it } from "vitest";
import { applySession } from "./use-session-start.ts";
import { useSession } from "./session-store.ts";
import type { UserInfo } from "#core/account.ts";

const user = (must = false): UserInfo => ({
  id: 1,
  client_number: "C100001",
  title: "M",
  first_name: "Jean",
  last_name: "Dupont",
  company: null,
  email: "demo@comptoir-emballage.fr",
  phone: null,
  lang: "fr",
  must_change_password: must,
});

describe("applySession", () => {
  beforeEach(() => useSession.setState({ token: null, user: null, cartCount: 0 }));

  it("sets the user (header tooltip) and a rotated token", () => {
    expect(applySession({ token_status: 1, refreshToken: "fresh", userInfo: user() }, "/promotions")).toBeNull();
    expect(useSession.getState()).toMatchObject({ token: "fresh", user: { email: "demo@comptoir-emballage.fr" } });
  });

  it("logs out on token_status 0", () => {
    useSession.setState({ token: "old", user: user(), cartCount: 3 });
    expect(applySession({ token_status: 0, refreshToken: null, userInfo: null }, "/")).toBeNull();
    expect(useSession.getState()).toMatchObject({ token: null, user: null, cartCount: 0 });
  });

  it("sends a customer with a shop-set password to /identite first, in their language", () => {
    expect(applySession({ token_status: 1, refreshToken: null, userInfo: user(true) }, "/zh/promotions")).toBe("/zh/identite?force=1");
    expect(applySession({ token_status: 1, refreshToken: null, userInfo: user(true) }, "/")).toBe("/identite?force=1");
    expect(applySession({ token_status: 1, refreshToken: null, userInfo: user(true) }, "/identite")).toBeNull();
    expect(applySession({ token_status: 1, refreshToken: null, userInfo: user(true) }, "/zh/center/identite")).toBeNull();
  });
});
