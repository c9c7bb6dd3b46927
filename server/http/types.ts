import type { Lang } from "#core/i18n/messages.ts";
import type { SessionCustomer } from "#server/modules/accounts/sessions.service.ts";
import type { Services } from "#server/services.ts";

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
  }
  interface FastifyRequest {
    lang: Lang;
    customer: SessionCustomer | null;
    tokenSent: boolean;
    sessionToken?: string;
    sessionId?: number;
    rotatedToken?: string;
  }
}
