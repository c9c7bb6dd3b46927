// Ends the staff session of this browser (a POST from the frame's button; a GET only goes back).
import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { adminPath } from "./guard.ts";

export const handle = { personal: true };

export function loader({ context }: Route.LoaderArgs) {
  throw redirect(adminPath(context.lang));
}

export async function action({ context }: Route.ActionArgs) {
  const { admin, lang } = context;
  await admin!.logout();
  throw redirect(adminPath(lang, "/connexion"), { headers: { "Set-Cookie": admin!.cookie(null) } });
}
