// What every page loader receives from the server (React Router load context).
import type { Lang } from "#app/lib/messages.ts";
import type { SessionCustomer } from "#server/modules/accounts/sessions.service.ts";
import type { Services } from "#server/services.ts";

export type PageContext = {
  services: Services;
  lang: Lang;
  customer: SessionCustomer | null;
  tokenSent: boolean;
  rotatedToken?: string;
  maintenance: boolean;
};

export const langFromPath = (url: string): Lang => (url === "/zh" || url.startsWith("/zh/") || url.startsWith("/zh?") ? "zh" : "fr");

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmentation: loaders see PageContext
  interface AppLoadContext extends PageContext {}
}
