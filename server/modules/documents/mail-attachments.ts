// The documents an e-mail names (decision 120), rendered by the outbox worker when it sends: the same PDF as the
// customer's download (same code, same owner check, same file name).
import type { Db } from "#server/db/client.ts";
import { contextOf } from "#server/context.ts";
import type { MailAttachmentRef } from "#server/db/schema/index.ts";
import type { MailFile } from "#server/mail.ts";
import { pdfFileName } from "#core/documents/pdf-url.ts";
import type { DocumentsService } from "./documents.service.ts";

export function documentAttachments(db: Db, documents: DocumentsService) {
  return (refs: readonly MailAttachmentRef[]): Promise<MailFile[]> =>
    Promise.all(
      refs.map(async (r) => {
        const file =
          r.kind === "invoice"
            ? await documents.invoicePdf(contextOf(db, r.customer_id, r.lang), r.order_id)
            : await documents.creditNotePdf(contextOf(db, r.customer_id, r.lang), r.id);
        return { filename: pdfFileName(file.number, r.lang), content: file.pdf, contentType: "application/pdf" };
      }),
    );
}
