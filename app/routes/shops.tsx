// Shops (SPEC §2 /magasins): both shops with address, hours per weekday, phone and an OpenStreetMap link
// (a plain link: no embedded external resource).
import type { Route } from "./+types/shops";
import { useT } from "#app/lib/i18n.tsx";
import { translate, type Lang } from "#core/i18n/translate.ts";
import { localePath } from "#core/slug.ts";
import { weekdayName } from "#core/format-date.ts";
import { pageMeta } from "#app/components/catalogue/seo.ts";
import { useShell } from "#app/lib/use-shell.tsx";

export const meta: Route.MetaFunction = ({ matches }) => {
  const lang = (matches[0]?.loaderData as { lang?: Lang } | undefined)?.lang ?? "fr";
  return pageMeta(
    matches,
    translate(lang, "catalogue.shops.title"),
    translate(lang, "catalogue.shops.meta"),
    localePath(lang, "/magasins"),
  );
};

export default function Shops() {
  const { t, lang } = useT();
  const { shops } = useShell();
  return (
    <div>
      <h1 className="text-2xl font-bold text-brand">{t("catalogue.shops.title")}</h1>
      <p className="mt-2 text-muted">{t("catalogue.shops.intro")}</p>
      <div className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2">
        {shops.map((s) => {
          const osm = s.lat && s.lng ? `https://www.openstreetmap.org/?mlat=${s.lat}&mlon=${s.lng}#map=17/${s.lat}/${s.lng}` : null;
          return (
            <section key={s.id} aria-labelledby={`shop-${s.id}`} className="rounded border border-line p-4">
              <h2 id={`shop-${s.id}`} className="text-xl font-semibold">
                {s.name}
              </h2>
              <h3 className="mt-3 text-sm font-semibold text-muted">{t("catalogue.shops.address")}</h3>
              <address className="not-italic">{s.address}</address>
              <p className="mt-2">
                {t("catalogue.shops.phone")} :{" "}
                <a className="text-brand underline" href={`tel:${s.phone.replace(/\s/g, "")}`}>
                  {s.phone}
                </a>
              </p>
              {s.email && (
                <p>
                  {t("catalogue.shops.email")} :{" "}
                  <a className="text-brand underline" href={`mailto:${s.email}`}>
                    {s.email}
                  </a>
                </p>
              )}
              {osm && (
                <p className="mt-2">
                  <a className="text-brand underline" href={osm} target="_blank" rel="noopener noreferrer">
                    {t("catalogue.shops.map", { name: s.name })}
                  </a>
                </p>
              )}
              <h3 className="mt-3 text-sm font-semibold text-muted">{t("catalogue.shops.hours")}</h3>
              <table className="mt-1 text-sm">
                <caption className="sr-only">{`${t("catalogue.shops.hours")} — ${s.name}`}</caption>
                <tbody>
                  {[1, 2, 3, 4, 5, 6, 7].map((d) => {
                    const h = s.hours[d - 1];
                    return (
                      <tr key={d}>
                        <th scope="row" className="pr-4 text-left font-normal capitalize">
                          {weekdayName(d, lang)}
                        </th>
                        <td>{h ? `${h.open} – ${h.close}` : t("catalogue.shops.closed")}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </section>
          );
        })}
      </div>
    </div>
  );
}
