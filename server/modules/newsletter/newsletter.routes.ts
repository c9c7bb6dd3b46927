import type { FastifyInstance } from "fastify";
import { newsletterSchema } from "#core/validation/newsletter.ts";
import { ok } from "#server/http/envelope.ts";
import { legacyApiRoute } from "#server/http/openapi.ts";

export async function newsletterRoutes(site: FastifyInstance) {
  legacyApiRoute(
    site,
    {
      method: "POST",
      url: "/Index/newsSubscribe",
      summary: "Subscribe an e-mail address to the newsletter",
      tags: ["Newsletter"],
      input: newsletterSchema,
    },
    async (req, _reply, { email }) => {
      const { created } = await site.services.newsletter.subscribe(site.services.db, email, req.lang);
      return ok(req, null, created ? "newsletter_subscribed" : "newsletter_already");
    },
  );
}
