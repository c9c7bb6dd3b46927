// The account's open sessions: device, last activity, and a button to end any other one.
import { useEffect, useState } from "react";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { formatDate } from "#core/format-date.ts";
import { deviceName } from "#core/device-name.ts";
import type { SessionRowAnswer } from "#core/contracts/accounts.ts";

export function SessionsList() {
  const { t, lang } = useT();
  const [rows, setRows] = useState<SessionRowAnswer[] | null>(null);
  const [notice, setNotice] = useState("");

  const fetchRows = async () => {
    const res = await api("GET", "/site/Customer/getSessions", { showLoading: false });
    return res?.code === 200 ? res.data.list : null;
  };
  const load = async () => setRows(await fetchRows());
  useEffect(() => {
    let live = true;
    void fetchRows().then((r) => {
      if (live) setRows(r);
    });
    return () => {
      live = false;
    };
  }, []);

  async function end(id: number) {
    const res = await api("POST", "/site/Customer/endSession", { body: { id } });
    if (res) setNotice(res.info);
    await load();
  }

  if (!rows) return null;
  return (
    <section aria-labelledby="sessions-title" className="rounded border border-line p-4">
      <h2 id="sessions-title" className="mb-1 text-lg font-semibold">
        {t("account.sessions_title")}
      </h2>
      <p className="mb-3 text-sm text-muted">{t("account.sessions_intro")}</p>
      {notice && (
        <p role="status" className="mb-3 text-sm">
          {notice}
        </p>
      )}
      <ul className="flex flex-col gap-2">
        {rows.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 border-t border-line pt-2">
            <div>
              <p className="font-medium" title={s.user_agent}>
                {deviceName(s.user_agent) || t("account.session_unknown_device")}
                {s.current && <span className="ml-2 rounded bg-paper px-2 text-sm">{t("account.session_current")}</span>}
              </p>
              <p className="text-sm text-muted">{t("account.session_last_seen", { date: formatDate(s.last_seen_at, lang, "datetime") })}</p>
            </div>
            {!s.current && (
              <button
                type="button"
                onClick={() => void end(s.id)}
                className="rounded border border-line px-3 py-1 text-sm hover:border-brand"
              >
                {t("account.session_end")}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
