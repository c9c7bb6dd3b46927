// What every page loader receives from the server (React Router load context).
import type { Lang } from "#core/i18n/messages.ts";
import type { SessionCustomer } from "#server/modules/accounts/sessions.service.ts";
import type { Services } from "#server/services.ts";
import type { AdminCaller } from "./staff-auth.ts";

export type PageContext = {
  services: Services;
  lang: Lang;
  customer: SessionCustomer | null;
  /** On a back-office page (`/admin`): the staff member's session, their address, their cookie (staff-auth.ts). */
  admin?: AdminCaller;
  /** A personal page (route `handle.personal`): rendered for its customer, never cached (decision 063). */
  personal?: boolean;
  tokenSent: boolean;
  rotatedToken?: string;
  maintenance: boolean;
  /** The owner's maintenance message in the page's language, if any (decision 151). */
  maintenanceMessage?: string | null;
  /** What the page shows (products, categories), recorded by the services its loaders call: the render cache
   * drops the page when one of them changes stock (decision 061). */
  tags: Set<string>;
  /** This render's CSP nonce (decision 084); none in development (Vite's client runs inline scripts). */
  nonce?: string;
  /** The HTML of the shell's common parts kept for personal pages (app/lib/html-islands.tsx, decision 102). */
  islands?: Map<string, Buffer>;
  /** A personal page's document: the root loader puts the shell's data here, not in its loader data, and the
   * render writes it as a JSON block serialised once (app/lib/use-shell.tsx, decision 110). */
  inlineShell?: { shell?: { data: object; json: string } };
  /** A personal page's document rendered whole (app/entry.server.tsx): its bytes, handed over without a web body. */
  wholeBody?: { bytes?: Buffer };
};

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmentation: loaders see PageContext
  interface AppLoadContext extends PageContext {}
}
