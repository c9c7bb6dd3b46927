import { useRouteLoaderData } from "react-router";
import { useT } from "#app/lib/i18n.tsx";
import type { RootWire } from "#app/lib/shell-types.ts";

/** The page customers get while the shop is closed: the owner's message when there is one (decision 151). */
export function MaintenanceLayout() {
  const { t } = useT();
  const message = (useRouteLoaderData("root") as RootWire | undefined)?.maintenanceMessage;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{t("maintenance.title")}</title>
      <img src="/images/logo.svg" alt="" width={80} height={80} />
      <h1 className="text-3xl font-bold text-brand">{t("maintenance.title")}</h1>
      <p className="text-muted">{t("maintenance.text")}</p>
      {message ? <p className="max-w-xl whitespace-pre-line">{message}</p> : null}
    </main>
  );
}
