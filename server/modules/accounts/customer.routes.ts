// The caller's own identity and addresses (login required; every object is checked against the caller).
import type { FastifyInstance } from "fastify";
import {
  addAddressCombination,
  changeEmail,
  changePassword,
  delAddress,
  editIdentity,
  endSession,
  getAddress,
  getSessions,
  saveAddress,
  setDefaultAddress,
} from "#core/contracts/accounts.ts";
import { toUserInfo } from "#core/account.ts";
import { wholeList } from "#core/list-page.ts";
import { ok } from "#server/http/envelope.ts";
import { notFound } from "#server/http/errors.ts";
import { apiRoute } from "#server/http/openapi.ts";

const identityTags = ["Identity"];
const addressTags = ["Addresses"];

export async function customerRoutes(site: FastifyInstance) {
  const { identity, addresses, db } = site.services;

  apiRoute(
    site,
    editIdentity,
    { summary: "Update title, names, company, phone, SIRET and VAT number", tags: identityTags },
    async (req, _reply, input, ctx) => ok(req, toUserInfo(await identity.update(ctx, input)), "account.saved"),
  );

  apiRoute(
    site,
    changeEmail,
    { summary: "Change the e-mail address (current password required)", tags: identityTags },
    async (req, _reply, { email, current }, ctx) =>
      ok(req, toUserInfo(await identity.changeEmail(ctx, email, current, req.sessionId)), "account.saved"),
  );

  // Active sessions: the account page lists them and ends any of them.
  apiRoute(
    site,
    getSessions,
    { summary: "The account's active sessions: device, first and last seen", tags: identityTags },
    async (req, _reply, _input, { customer }) =>
      ok(
        req,
        wholeList(
          (await site.services.sessions.list(db, customer.id)).map((s) => ({
            id: s.id,
            user_agent: s.userAgent,
            created_at: s.createdAt.toISOString(),
            last_seen_at: s.lastSeenAt.toISOString(),
            current: s.id === req.sessionId,
          })),
        ),
      ),
  );

  apiRoute(
    site,
    endSession,
    { summary: "End one of the account's sessions", tags: identityTags },
    async (req, _reply, { id }, { customer }) => {
      if (!(await site.services.sessions.revokeById(db, customer.id, id))) throw notFound();
      return ok(req, null, "account.session_ended");
    },
  );

  apiRoute(
    site,
    changePassword,
    { summary: "Change the password (other sessions are revoked)", tags: identityTags },
    async (req, _reply, { current, password }, ctx) => {
      await identity.changePassword(ctx, req.sessionId, current, password);
      return ok(req, null, "account.password_changed");
    },
  );

  apiRoute(
    site,
    getAddress,
    { summary: "The caller's delivery and invoice addresses and their combinations", tags: addressTags },
    async (req, _reply, _input, ctx) => ok(req, await addresses.list(ctx)),
  );

  apiRoute(site, saveAddress, { summary: "Create an address, or edit one with `id`", tags: addressTags }, async (req, _reply, input, ctx) =>
    ok(req, await addresses.save(ctx, input), "account.saved"),
  );

  apiRoute(site, delAddress, { summary: "Delete one of the caller's addresses", tags: addressTags }, async (req, _reply, { id }, ctx) => {
    await addresses.remove(ctx, id);
    return ok(req, null, "account.deleted");
  });

  apiRoute(
    site,
    setDefaultAddress,
    { summary: "Make an address the default of its kind", tags: addressTags },
    async (req, _reply, { id }, ctx) => ok(req, await addresses.setDefault(ctx, id), "account.saved"),
  );

  apiRoute(
    site,
    addAddressCombination,
    { summary: "Pair a delivery address with an invoice address", tags: addressTags },
    async (req, _reply, { delivery_addr_id, invoice_addr_id }, ctx) =>
      ok(req, await addresses.addCombination(ctx, delivery_addr_id, invoice_addr_id), "account.saved"),
  );
}
