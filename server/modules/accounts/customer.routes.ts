// The caller's own identity and addresses (login required; every object is checked against the caller).
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { identitySchema } from "#core/validation/account.ts";
import { siretSchema, vatNumberSchema } from "#core/validation/company.ts";
import { addressSchema } from "#core/validation/address.ts";
import { emailSchema, requiredId } from "#core/validation/common.ts";
import { passwordChangeSchema } from "#core/validation/password.ts";
import { ok, parse } from "#server/http/envelope.ts";
import { unauthorized } from "#server/http/errors.ts";
import { toUserInfo } from "#server/modules/init/init.service.ts";

const me = (req: FastifyRequest) => req.customer ?? (() => { throw unauthorized(); })();

const identityUpdateSchema = identitySchema.omit({ email: true }).extend({ siret: siretSchema, vat_number: vatNumberSchema });
const emailChangeSchema = z.object({ email: emailSchema, current: z.string("validation.password_required").min(1, "validation.password_required") });
const addressBodySchema = addressSchema.extend({
  id: z.coerce.number().int().positive().optional(),
  kind: z.enum(["delivery", "invoice"], "validation.address_required"),
  is_default: z.boolean().optional(),
});
const idSchema = z.object({ id: requiredId("address_required") });
const combinationSchema = z.object({ delivery_addr_id: requiredId("address_required"), invoice_addr_id: requiredId("invoice_address_required") });

export async function customerRoutes(site: FastifyInstance) {
  const { identity, addresses } = site.services;
  // Login first: a visitor learns nothing from validation messages.
  site.addHook("preHandler", async (req) => void me(req));

  site.post("/Customer/editIdentity", async (req) => ok(req, toUserInfo(await identity.update(me(req), parse(identityUpdateSchema, req.body))), "account.saved"));

  site.post("/Customer/changeEmail", async (req) => {
    const { email, current } = parse(emailChangeSchema, req.body);
    return ok(req, toUserInfo(await identity.changeEmail(me(req), email, current)), "account.saved");
  });

  site.post("/Customer/changePassword", async (req) => {
    const { current, password } = parse(passwordChangeSchema, req.body);
    await identity.changePassword(me(req), req.sessionId, current, password);
    return ok(req, null, "account.password_changed");
  });

  site.get("/Customer/getAddress", async (req) => ok(req, await addresses.list(me(req).id)));
  site.post("/Customer/saveAddress", async (req) => ok(req, await addresses.save(me(req).id, parse(addressBodySchema, req.body)), "account.saved"));
  site.post("/Customer/delAddress", async (req) => {
    await addresses.remove(me(req).id, parse(idSchema, req.body).id);
    return ok(req, null, "account.deleted");
  });
  site.post("/Customer/setDefaultAddress", async (req) => ok(req, await addresses.setDefault(me(req).id, parse(idSchema, req.body).id), "account.saved"));
  site.post("/Customer/addAddressCombination", async (req) => {
    const { delivery_addr_id, invoice_addr_id } = parse(combinationSchema, req.body);
    return ok(req, await addresses.addCombination(me(req).id, delivery_addr_id, invoice_addr_id), "account.saved");
  });
}
