// The invoices (/factures) and credit notes (/avoirs) pages: lists and PDF links. Labels from the documents namespace.
import type { Page } from "playwright-core";
import { label, localePath, type Lang } from "./labels.ts";

export class DocumentsPage {
  constructor(
    readonly page: Page,
    readonly lang: Lang = "fr",
  ) {}
  private t = (key: string, vars?: Record<string, string | number>) => label(this.lang, key, vars);

  async gotoInvoices(base: string, path = "/factures") {
    await this.page.goto(`${base}${localePath(this.lang, path)}`);
    await this.invoicesHeading.waitFor();
  }
  async gotoCreditNotes(base: string, path = "/avoirs") {
    await this.page.goto(`${base}${localePath(this.lang, path)}`);
    await this.creditNotesHeading.waitFor();
  }
  get invoicesHeading() {
    return this.page.getByRole("heading", { level: 1, name: this.t("documents.invoices_title") });
  }
  get creditNotesHeading() {
    return this.page.getByRole("heading", { level: 1, name: this.t("documents.credit_notes_title") });
  }
  get invoiceRows() {
    return this.page.getByTestId("invoice-list").locator("tbody tr");
  }
  get creditNoteRows() {
    return this.page.getByTestId("credit-note-list").locator("tbody tr");
  }
  get balance() {
    return this.page.getByTestId("credit-balance");
  }
  invoicePdf(number: string) {
    return this.page.getByRole("link", { name: this.t("documents.download_invoice", { number }) });
  }
  creditNotePdf(number: string) {
    return this.page.getByRole("link", { name: this.t("documents.download_credit_note", { number }) });
  }
  /** Clicks a PDF link and answers the downloaded file's name and bytes. */
  async download(link: ReturnType<Page["getByRole"]>): Promise<{ name: string; bytes: Buffer }> {
    const [download] = await Promise.all([this.page.waitForEvent("download"), link.click()]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(c as Buffer);
    return { name: download.suggestedFilename(), bytes: Buffer.concat(chunks) };
  }
}
