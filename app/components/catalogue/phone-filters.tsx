// The filters of a list below 768 px: a "Filtres" button with the number of criteria chosen, opening the
// filters in a drawer (filters-drawer.tsx, loaded on first opening). Wider screens show them beside the list.
import { lazy, Suspense, useState } from "react";
import { SlidersHorizontal } from "lucide-react";
import { useT } from "#app/lib/i18n.tsx";
import { whenOnline } from "#app/lib/when-online.ts";
import { countCriteria } from "#core/filters.ts";
import { usePendingList } from "./list-query.ts";
// a type only: the drawer and its facets still load on first opening
import type { FiltersProps } from "./facets.tsx";

const FiltersDrawer = lazy(whenOnline(() => import("./filters-drawer.tsx")));

export function PhoneFilters({ total, ...filters }: FiltersProps & { total: number }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  // the criteria of the latest change, while its list is still loading too
  const count = countCriteria(usePendingList(filters.state, filters.sort).state.fields);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        className="flex items-center gap-2 rounded border border-line bg-white px-3 py-1.5 font-medium hover:border-brand md:hidden"
      >
        <SlidersHorizontal aria-hidden size={18} />
        {t("catalogue.list.filters_button")}
        {count > 0 && (
          <>
            <span aria-hidden className="min-w-5 rounded-full bg-brand px-1.5 text-center text-xs font-semibold text-white">
              {count}
            </span>
            <span className="sr-only">{`, ${t("catalogue.list.filters_selected", { count })}`}</span>
          </>
        )}
      </button>
      {used && (
        <Suspense fallback={null}>
          <FiltersDrawer open={open} onOpenChange={setOpen} total={total} {...filters} />
        </Suspense>
      )}
    </>
  );
}
