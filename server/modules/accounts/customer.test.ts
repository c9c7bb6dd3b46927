import { describe, expect, it } from "vitest";
import { customersAppPerSuite, get, post } from "#server/test/app.ts";
import { testDbKinds } from "#server/test/databases.ts";

const address = (over: Record<string, unknown> = {}) => ({
  kind: "delivery",
  title: "M",
  first_name: "Jean",
  last_name: "Dupont",
  company: "Boulangerie Dupont",
  line1: "8 rue des Boulangers",
  zip_code: "75005",
  city: "Paris",
  phone: "01 43 00 00 00",
  ...over,
});

describe.each(testDbKinds())("identity and addresses on %s", (kind) => {
  const t = customersAppPerSuite(kind);

  it("needs a live session", async () => {
    const revoked = await t.app.services.sessions.create(t.app.services.db, 1);
    await t.app.services.sessions.revoke(t.app.services.db, revoked);
    for (const token of [undefined, revoked]) {
      for (const [m, path] of [
        ["GET", "/site/Customer/getAddress"],
        ["POST", "/site/Customer/saveAddress"],
        ["POST", "/site/Customer/editIdentity"],
        ["POST", "/site/Customer/changePassword"],
      ] as const) {
        const res = m === "GET" ? await get(t.app, path, {}, { token }) : await post(t.app, path, address(), { token });
        expect(res.statusCode, path).toBe(401);
      }
    }
  });

  it("edits names, company and phone, and validates them", async () => {
    const res = await post(
      t.app,
      "/site/Customer/editIdentity",
      { title: "M", first_name: "Jean-Marc", last_name: "Dupont", company: "Boulangerie Dupont & Fils", phone: "06 12 34 56 78" },
      { token: t.demo },
    );
    expect(res.json()).toMatchObject({
      code: 200,
      data: { first_name: "Jean-Marc", company: "Boulangerie Dupont & Fils", phone: "0612345678" },
    });
    const bad = await post(t.app, "/site/Customer/editIdentity", { title: "X", first_name: "", last_name: "D" }, { token: t.demo });
    expect(bad.json().code).toBe(400);
    const taken = await post(
      t.app,
      "/site/Customer/editIdentity",
      { title: "M", first_name: "J", last_name: "D", phone: "0612345678" },
      { token: t.martin },
    );
    expect(taken.json().code).toBe(400);
  });

  it("changes the e-mail only with the current password", async () => {
    const wrong = await post(t.app, "/site/Customer/changeEmail", { email: "jean@dupont.fr", current: "Faux1234!" }, { token: t.demo });
    expect(wrong.json()).toMatchObject({ code: 400, info: "Le mot de passe actuel est incorrect." });
    const taken = await post(
      t.app,
      "/site/Customer/changeEmail",
      { email: "achat@traiteur-martin.fr", current: "Demo1234!" },
      { token: t.demo },
    );
    expect(taken.json().info).toMatch(/déjà utilisée/);
    const okRes = await post(t.app, "/site/Customer/changeEmail", { email: "jean@dupont.fr", current: "Demo1234!" }, { token: t.demo });
    expect(okRes.json().data.email).toBe("jean@dupont.fr");
  });

  it("changes the password, keeping this session and ending the others", async () => {
    const other = await t.app.services.sessions.create(t.app.services.db, 1);
    const res = await post(
      t.app,
      "/site/Customer/changePassword",
      { current: "Demo1234!", password: "Change2026!", confirm: "Change2026!" },
      { token: t.demo },
    );
    expect(res.statusCode).toBe(200);
    expect((await get(t.app, "/site/Customer/getUserInfo", {}, { token: t.demo })).statusCode).toBe(200);
    expect((await get(t.app, "/site/Customer/getUserInfo", {}, { token: other })).statusCode).toBe(401);
  });

  it("creates, edits, defaults and deletes addresses", async () => {
    const before = (await get(t.app, "/site/Customer/getAddress", {}, { token: t.demo })).json().data;
    expect(before.delivery.length).toBeGreaterThan(0);
    const created = (await post(t.app, "/site/Customer/saveAddress", address({ is_default: true }), { token: t.demo })).json().data;
    expect(created).toMatchObject({ kind: "delivery", is_default: true, zip_code: "75005", phone: "0143000000" });
    let list = (await get(t.app, "/site/Customer/getAddress", {}, { token: t.demo })).json().data;
    expect(list.delivery.filter((a: { is_default: boolean }) => a.is_default)).toHaveLength(1);
    expect(list.delivery[0].id).toBe(created.id);

    const edited = await post(t.app, "/site/Customer/saveAddress", address({ id: created.id, city: "Paris 5e" }), { token: t.demo });
    expect(edited.json().data.city).toBe("Paris 5e");

    await post(t.app, "/site/Customer/delAddress", { id: created.id }, { token: t.demo });
    list = (await get(t.app, "/site/Customer/getAddress", {}, { token: t.demo })).json().data;
    expect(list.delivery.find((a: { id: number }) => a.id === created.id)).toBeUndefined();
    expect(list.delivery.filter((a: { is_default: boolean }) => a.is_default)).toHaveLength(1);
  });

  it.each([
    [{ zip_code: "7500" }, "validation.zip_invalid"],
    [{ zip_code: "00100" }, "validation.zip_invalid"],
    [{ phone: "12" }, "validation.phone_invalid"],
    [{ city: "" }, "validation.city_required"],
    [{ kind: "other" }, "validation.address_required"],
  ])("refuses address %j with a translated message", async (over, key) => {
    const res = await post(t.app, "/site/Customer/saveAddress", address(over), { token: t.demo });
    expect(res.statusCode).toBe(400);
    const { translate } = await import("#core/i18n/messages.ts");
    expect(res.json().info).toBe(translate("fr", key));
  });

  it("never lets a customer touch another customer's address", async () => {
    const mine = (await get(t.app, "/site/Customer/getAddress", {}, { token: t.demo })).json().data.delivery[0];
    for (const [path, body] of [
      ["/site/Customer/saveAddress", address({ id: mine.id, city: "Piraté" })],
      ["/site/Customer/delAddress", { id: mine.id }],
      ["/site/Customer/setDefaultAddress", { id: mine.id }],
    ] as const) {
      const res = await post(t.app, path, body, { token: t.martin });
      expect(res.statusCode, path).toBe(404);
    }
    const still = (await get(t.app, "/site/Customer/getAddress", {}, { token: t.demo }))
      .json()
      .data.delivery.find((a: { id: number }) => a.id === mine.id);
    expect(still.city).not.toBe("Piraté");
    const theirs = (await get(t.app, "/site/Customer/getAddress", {}, { token: t.martin })).json().data;
    expect(JSON.stringify(theirs)).not.toContain("Dupont");
  });

  it("adds an address combination once", async () => {
    const { delivery, invoice } = (await get(t.app, "/site/Customer/getAddress", {}, { token: t.demo })).json().data;
    const body = { delivery_addr_id: delivery[0].id, invoice_addr_id: invoice[0].id };
    const first = await post(t.app, "/site/Customer/addAddressCombination", body, { token: t.demo });
    const again = await post(t.app, "/site/Customer/addAddressCombination", body, { token: t.demo, lang: "zh" });
    expect([first.statusCode, again.statusCode]).toContain(400); // the demo data may already hold it
    expect(again.json()).toMatchObject({ code: 400, info: "该地址组合已存在。" });
    const swapped = await post(
      t.app,
      "/site/Customer/addAddressCombination",
      { delivery_addr_id: invoice[0].id, invoice_addr_id: delivery[0].id },
      { token: t.demo },
    );
    expect(swapped.json().info).toMatch(/adresse de livraison et une adresse de facturation/);
  });
});
