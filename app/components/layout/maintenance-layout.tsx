import { useT } from "#app/lib/i18n.tsx";

export function MaintenanceLayout() {
  const { t } = useT();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{t("maintenance.title")}</title>
      <img src="/images/logo.svg" alt="" width={80} height={80} />
      <h1 className="text-3xl font-bold text-brand">{t("maintenance.title")}</h1>
      <p className="text-muted">{t("maintenance.text")}</p>
    </main>
  );
}
