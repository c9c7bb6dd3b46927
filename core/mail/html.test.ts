import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { amountsTable, dataTable, escapeHtml, mailDocument, markup, SafeHtml } from "./html.ts";

describe("markup", () => {
  it("escapes every value put in the template, and keeps markup built by it", () => {
    const name = `Cartons <script>alert("x")</script> & Fils l'aîné`;
    const out = markup`<p title="${name}">${name}${markup`<br>`}</p>`.value;
    expect(out).toBe(
      '<p title="Cartons &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Fils l&#39;aîné">' +
        "Cartons &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Fils l&#39;aîné<br></p>",
    );
    expect(markup`${["<a>", markup`<b>`, null, false, undefined, 0]}`.value).toBe("&lt;a&gt;<b>0");
  });

  it("leaves no markup character of any text unescaped", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const e = escapeHtml(s);
        expect(e).not.toMatch(/[<>"']/);
        expect(e.replace(/&(amp|lt|gt|quot|#39);/g, "")).not.toContain("&");
      }),
    );
  });

  it("writes tables with a caption and headers, and a document with its language and title", () => {
    const t = dataTable("Articles", [{ label: "Réf." }, { label: "Total", right: true }], [["A<1>", "2,00 €"]]).value;
    expect(t).toContain("<caption");
    expect(t).toMatch(/<th scope="col"[^>]*>Réf\.<\/th>/);
    expect(t).toContain("A&lt;1&gt;");
    const a = amountsTable("Montants", [{ label: "Total TTC", amount: "12,00 €", strong: true }]).value;
    expect(a).toMatch(/<th scope="row"[^>]*font-weight:bold;[^>]*>Total TTC<\/th>/);
    const doc = mailDocument({ lang: "zh", title: "订单 <1>", brand: "Comptoir", body: new SafeHtml("<p>x</p>"), footer: markup`y` });
    expect(doc).toMatch(/^<!doctype html>\n<html lang="zh-CN">/);
    expect(doc).toContain("<title>订单 &lt;1&gt;</title>");
    expect(doc).not.toMatch(/<img|<link|@import|url\(/i);
  });
});
