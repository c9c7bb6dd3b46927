import type { FastifyInstance } from "fastify";
import { newsSubscribe } from "#core/contracts/newsletter.ts";
import { ok } from "#server/http/envelope.ts";
import { apiRoute } from "#server/http/openapi.ts";

export async function newsletterRoutes(site: FastifyInstance) {
  apiRoute(
    site,
    newsSubscribe,
    { summary: "Subscribe an e-mail address to the newsletter", tags: ["Newsletter"] },
    async (req, _reply, { email }) => {
      const { created } = await site.services.newsletter.subscribe(site.services.db, email, req.lang);
      return ok(req, null, created ? "newsletter_subscribed" : "newsletter_already");
    },
  );
}
