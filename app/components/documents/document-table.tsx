// The table of the account's documents with a PDF link per row (/factures, /avoirs; decisions 085, 130): the
// caller gives the columns and the document kind, the table adds the PDF column (the page's language, file named
// after the number, both made by core/documents/pdf-url.ts as the server makes them).
// On a phone each row is a card (`stack-table`, app.css).
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useT } from "#app/lib/i18n.tsx";
import { localePath } from "#core/slug.ts";
import { documentPdfPath, pdfFileName, type DocumentKind } from "#core/documents/pdf-url.ts";
import { TableScroll } from "#app/components/ui/table-scroll.tsx";

type DocumentColumn<R> = { header: string; cell: (row: R) => ReactNode; right?: boolean; strong?: boolean };

type Props<R> = {
  rows: readonly R[];
  /** The rows' kind and the reference of a row's PDF (an invoice's is its order's id). */
  kind: DocumentKind;
  pdfRef: (row: R) => number;
  columns: DocumentColumn<R>[];
  /** data-testid of the table, of each row and of each PDF link (the pages' tests find them by these). */
  testIds: { table: string; row: string; pdf: string };
  /** The link's accessible name for a row ("Télécharger la facture FA2026-000045 (PDF)"). */
  pdfLabel: (row: R) => string;
};

const th = "border-b border-line px-2 py-2 text-left font-semibold";
const td = "border-b border-line px-2 py-2";

export function DocumentTable<R extends { id: number; number: string }>({ rows, kind, pdfRef, columns, testIds, pdfLabel }: Props<R>) {
  const { t, lang } = useT();
  return (
    <TableScroll>
      <table className="stack-table w-full text-sm" data-testid={testIds.table}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={c.right ? `${th} text-right` : th}>
                {c.header}
              </th>
            ))}
            <th scope="col" className={th}>
              {t("documents.col_pdf")}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-testid={testIds.row}>
              {columns.map((c) => (
                <td
                  key={c.header}
                  className={`${td} whitespace-nowrap${c.right ? " text-right" : ""}${c.strong ? " font-semibold" : ""}`}
                  data-label={c.header}
                >
                  {c.cell(r)}
                </td>
              ))}
              <td className={td}>
                <a
                  href={documentPdfPath(kind, pdfRef(r), lang)}
                  download={pdfFileName(r.number, lang)}
                  className="text-brand underline"
                  aria-label={pdfLabel(r)}
                  data-testid={testIds.pdf}
                >
                  {t("documents.download_pdf")}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** An order number linking to its detail page. */
export function OrderLink({ number }: { number: string }) {
  const { lang } = useT();
  return (
    <Link to={`${localePath(lang, "/order-detail")}?id=${encodeURIComponent(number)}`} className="text-brand underline">
      {number}
    </Link>
  );
}
