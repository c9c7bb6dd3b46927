import type { FastifyInstance } from "fastify";
import { newsletterSchema } from "#core/validation/newsletter.ts";
import { ok, parse } from "#server/http/envelope.ts";

export async function newsletterRoutes(site: FastifyInstance) {
  site.post("/Index/newsSubscribe", async (req) => {
    const { email } = parse(newsletterSchema, req.body);
    const { created } = await site.services.newsletter.subscribe(email, req.lang);
    return ok(req, null, created ? "newsletter_subscribed" : "newsletter_already");
  });
}
