import { useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { useT } from "#app/lib/i18n.tsx";
import { useSession } from "#app/lib/session-store.ts";

const SHOW_AFTER_MS = 200; // SPEC §9 fetch minimum display delay: no flash for fast calls

/** Full-screen overlay while API calls (showLoading) or page data loads are under way. */
export function RequestOverlay() {
  const { t } = useT();
  const requesting = useSession((s) => s.requestCount > 0);
  const navigating = useNavigation().state === "loading";
  const busy = requesting || navigating;
  const [delayPassed, setDelayPassed] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const id = setTimeout(() => setDelayPassed(true), SHOW_AFTER_MS);
    return () => {
      clearTimeout(id);
      setDelayPassed(false);
    };
  }, [busy]);
  if (!busy || !delayPassed) return null;
  return (
    <div
      className="fixed inset-0 z-40 flex items-center justify-center bg-white/50"
      role="progressbar"
      aria-busy="true"
      aria-label={t("loading")}
    >
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-brand border-t-transparent" />
    </div>
  );
}
