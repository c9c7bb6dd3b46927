// The documents an e-mail names (decision 120), rendered by the outbox worker when it sends: the same PDF as the
// customer's download (same code, same owner check, same file name).
import type { Db } from "#server/db/client.ts";
import { contextOf } from "#server/context.ts";
import type { MailAttachmentRef } from "#server/db/schema/index.ts";
import type { MailFile } from "#server/mail.ts";
import { pdfFileName } from "#core/documents/pdf-url.ts";
import type { DocumentsService } from "./documents.service.ts";

/** A quotation's PDF for its owner (quotations.service.ts `pdf`). */
type QuotationPdf = (ctx: ReturnType<typeof contextOf>, ref: { id: string }) => Promise<{ number: string; pdf: Buffer }>;

export function documentAttachments(db: Db, documents: DocumentsService, quotationPdf?: QuotationPdf) {
  return (refs: readonly MailAttachmentRef[]): Promise<MailFile[]> =>
    Promise.all(
      refs.map(async (r) => {
        const ctx = contextOf(db, r.customer_id, r.lang);
        const file =
          r.kind === "invoice"
            ? await documents.invoicePdf(ctx, r.order_id)
            : r.kind === "credit_note"
              ? await documents.creditNotePdf(ctx, r.id)
              : await quotationPdfOf(quotationPdf)(ctx, { id: String(r.id) });
        return { filename: pdfFileName(file.number, r.lang), content: file.pdf, contentType: "application/pdf" };
      }),
    );
}

function quotationPdfOf(render: QuotationPdf | undefined): QuotationPdf {
  if (!render) throw new Error("outbox: a quotation attachment and no quotation renderer");
  return render;
}
