// @vitest-environment jsdom
// Which links the idle prefetch asks data for: the router's page links only, never a document link.
import { describe, expect, it } from "vitest";
import { PREFETCH_LINKS } from "./use-idle-prefetch.ts";

describe("idle prefetch links", () => {
  it("takes the router's links in the main part and leaves PDFs, downloads and plain links alone", () => {
    document.body.innerHTML = `
      <header><a data-discover="true" href="/panier">cart</a></header>
      <main>
        <a data-discover="true" href="/order-detail?id=CE2026-000123">order</a>
        <a href="/documents/invoice/12.pdf" download="FA2026-000012.pdf">invoice</a>
        <a href="/documents/quotation/3.pdf?lang=zh">quotation</a>
        <a data-discover="true" href="/documents/invoice/12.pdf" download="x.pdf">download link</a>
        <a data-discover="true" href="/content/2-cgv" target="_blank">new tab</a>
        <a href="/content/1-livraison">content page link</a>
        <a data-discover="true" href="https://example.com/">elsewhere</a>
      </main>`;
    const picked = [...document.querySelectorAll<HTMLAnchorElement>(PREFETCH_LINKS)].map((a) => a.getAttribute("href"));
    expect(picked).toEqual(["/order-detail?id=CE2026-000123"]);
  });
});
