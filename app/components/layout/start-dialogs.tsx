// Cookie consent drawer, cookie preferences and the ad popup (SPEC §4), on radix Dialog: loaded lazily the first
// time one of them opens (decision 064).
import { useEffect, useState } from "react";
import { useT } from "#app/lib/i18n.tsx";
import { usePrefs } from "#app/lib/persisted-store.ts";
import { decideCookies, dialogBusy, useStartDialogs } from "#app/lib/use-start-dialogs.ts";
import { Sheet } from "#app/components/ui/sheet.tsx";

const button = "rounded px-4 py-2 font-semibold";
const primary = `${button} bg-brand text-white hover:bg-brand-dark`;
const secondary = `${button} border border-line hover:border-brand`;

function Preferences({ close }: { close: () => void }) {
  const { t } = useT();
  const [on, setOn] = useState(usePrefs.getState().useCookie !== 2);
  return (
    <Sheet
      open
      onOpenChange={(o) => {
        if (!o) close();
      }}
      side="center"
      title={t("cookies.preferences_title")}
      closeLabel={t("close")}
      description={<p>{t("cookies.preferences_text")}</p>}
    >
      <div className="mt-4 flex items-center justify-between gap-4 rounded border border-line p-3">
        <span id="login-cookie-label" className="font-medium">
          {t("cookies.login_cookie")}
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          // Named by the setting then its visible word (WCAG 2.5.3: the name contains what the switch shows).
          aria-labelledby="login-cookie-label login-cookie-state"
          onClick={() => setOn(!on)}
          className={`flex items-center gap-2 rounded-full px-1 py-1 ${on ? "bg-brand text-white" : "bg-line text-ink"}`}
        >
          <span className={`h-5 w-5 rounded-full bg-white ${on ? "order-2" : ""}`} aria-hidden />
          <span id="login-cookie-state" className="px-1 text-sm font-semibold">
            {on ? t("yes") : t("no")}
          </span>
        </button>
      </div>
      <div className="mt-5 flex justify-end">
        <button
          type="button"
          className={primary}
          onClick={() => {
            void decideCookies(on ? 1 : 2);
            close();
          }}
        >
          {t("cookies.confirm")}
        </button>
      </div>
    </Sheet>
  );
}

/** False while a dialog the visitor opened shows: this chunk may have loaded while the menu drawer was opening. */
function useNoDialogOpen(): boolean {
  const [free, setFree] = useState(false);
  useEffect(() => {
    let id: ReturnType<typeof setTimeout> | undefined;
    const check = () => (dialogBusy() ? (id = setTimeout(check, 500)) : setFree(true));
    check();
    return () => clearTimeout(id);
  }, []);
  return free;
}

export default function StartDialogs() {
  const { t } = useT();
  const { view, adUrl, show } = useStartDialogs();
  const free = useNoDialogOpen();
  const close = () => show(null);
  if (view === "preferences") return <Preferences close={close} />;
  if (view === "consent" && free) {
    // The choice is stored before closing: the ad popup follows a decision only.
    const decide = (v: 1 | 2) => {
      void decideCookies(v);
      close();
    };
    return (
      <>
        {/* Room at the end of the page, so the banner never hides the footer's last lines. */}
        <div aria-hidden className="h-64 md:h-44" />
        {/* A banner rather than a modal (SPEC §4 "bottom drawer"): the page stays usable, a click elsewhere
          dismisses it until the next page load, and it asks again while undecided. */}
        <Sheet
          open
          modal={false}
          onOpenChange={(o) => {
            if (!o) close();
          }}
          side="bottom"
          title={t("cookies.title")}
          closeLabel={t("close")}
          description={<p>{t("cookies.text")}</p>}
          className="border-t border-line md:px-8"
        >
          <div className="mt-4 flex flex-wrap justify-end gap-3">
            <button type="button" className={secondary} onClick={() => show("preferences")}>
              {t("cookies.customise")}
            </button>
            <button type="button" className={secondary} onClick={() => decide(2)}>
              {t("cookies.refuse")}
            </button>
            <button type="button" className={primary} onClick={() => decide(1)}>
              {t("cookies.accept")}
            </button>
          </div>
        </Sheet>
      </>
    );
  }
  if (view === "ad" && adUrl) {
    return (
      <Sheet
        open
        onOpenChange={(o) => {
          if (!o) close();
        }}
        side="center"
        title={t("ad.title")}
        hideTitle
        closeLabel={t("close")}
        className="p-2"
      >
        <img src={adUrl} alt={t("ad.alt")} className="block h-auto w-full" />
      </Sheet>
    );
  }
  return null;
}
