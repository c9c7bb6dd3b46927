// The filters of a list in a drawer (narrow screens): a modal dialog (focus kept inside, Escape and the close
// button close it, focus back on the "Filtres" button). Each change applies at once, as beside the list: the
// list and the counts behind it follow, and the footer's button shows the products found and closes.
import { useT } from "#app/lib/i18n.tsx";
import { Sheet } from "#app/components/ui/sheet.tsx";
import { Facets, type FiltersProps } from "./facets.tsx";

type Props = FiltersProps & { open: boolean; onOpenChange: (open: boolean) => void; total: number };

export default function FiltersDrawer({ open, onOpenChange, total, ...filters }: Props) {
  const { t } = useT();
  return (
    <Sheet open={open} onOpenChange={onOpenChange} side="right" title={t("catalogue.list.filters_button")} closeLabel={t("close")}>
      <Facets {...filters} titled={false} />
      {/* sticky within the drawer's padding: -bottom-5 puts it on the drawer's edge */}
      <div className="sticky -bottom-5 -mx-5 -mb-5 mt-4 border-t border-line bg-white p-4">
        {/* the dialog hides the page's own count from screen readers: the products found are said here */}
        <p role="status" className="sr-only">
          {t(total === 1 ? "catalogue.list.count_one" : "catalogue.list.count", { count: total })}
        </p>
        <button
          type="button"
          onClick={() => onOpenChange(false)}
          className="w-full rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark"
        >
          {t("catalogue.list.filters_show", { count: total })}
        </button>
      </div>
    </Sheet>
  );
}
