import { describe, expect, it } from "vitest";
import { hasText, isAllowedHref, sanitizeBody } from "./body-html.ts";

// attack strings in the manner of the XSS filter evasion cheat sheet: what is left must run nothing
const ATTACKS = [
  `<script>alert(1)</script>`,
  `<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>`,
  `<img src=x onerror=alert(1)>`,
  `<IMG SRC="javascript:alert('XSS');">`,
  `<a href="javascript:alert(1)">x</a>`,
  `<a href="JaVaScRiPt:alert(1)">x</a>`,
  `<a href="jav&#x09;ascript:alert(1)">x</a>`,
  `<a href=" &#14;  javascript:alert(1)">x</a>`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>`,
  `<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>`,
  `<a href="vbscript:msgbox(1)">x</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
  `<a href="/magasins" onclick="alert(1)" onmouseover=alert(1)>m</a>`,
  `<p style="background:url(javascript:alert(1))">s</p>`,
  `<svg/onload=alert(1)>`,
  `<svg><script>alert(1)</script></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  `<iframe src="javascript:alert(1)"></iframe>`,
  `<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">`,
  `<body onload=alert(1)>`,
  `<BODY BACKGROUND="javascript:alert('XSS')">`,
  `<link rel="stylesheet" href="javascript:alert(1)">`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
  `<base href="javascript:alert(1)//">`,
  `<form action="javascript:alert(1)"><button>x</button></form>`,
  `<input onfocus=alert(1) autofocus>`,
  `<details open ontoggle=alert(1)>`,
  `<scr<script>ipt>alert(1)</script>`,
  `<<SCRIPT>alert("XSS");//<</SCRIPT>`,
  `<!--<script>alert(1)</script>-->`,
  `<style>@import 'https://xss.example/x.css';</style>`,
  `<table background="javascript:alert(1)"><tr><td onclick=alert(1)>x</td></tr></table>`,
  `<div style="width: expression(alert(1));">x</div>`,
  `"><script>alert(1)</script>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
  `<template><script>alert(1)</script></template>`,
];

describe("a content page's formatted text", () => {
  it.each(ATTACKS)("keeps nothing that runs: %s", (attack) => {
    const out = sanitizeBody(`<p>avant</p>${attack}<p>après</p>`);
    expect(out).not.toMatch(
      /<(script|img|svg|math|iframe|object|embed|style|link|meta|base|form|input|button|details|body|div|template|noscript)\b/i,
    );
    expect(out).not.toMatch(/\son[a-z]+\s*=/i);
    expect(out).not.toMatch(/\sstyle\s*=/i);
    expect(out).not.toMatch(/(java|vb)script:|data:/i);
    expect(out).toContain("<p>avant</p>");
  });

  it("keeps headings, paragraphs, lists, tables, strong/em and links to the web, mail or the shop", () => {
    const body =
      `<h2>Titre</h2><h3>Sous-titre</h3><p><strong>Gras</strong> et <em>italique</em><br /></p>` +
      `<ul><li>un</li></ul><ol><li>deux</li></ol>` +
      `<table><caption>Tarifs</caption><thead><tr><th scope="col">Poids</th></tr></thead><tbody><tr><td colspan="2">12,50 € HT</td></tr></tbody></table>` +
      `<p><a href="/content/1-livraison">livraison</a> <a href="mailto:contact@comptoir-emballage.fr">écrire</a> <a href="#haut">haut</a></p>`;
    expect(sanitizeBody(body)).toBe(body);
    expect(sanitizeBody(`<a href="https://www.example.fr/x" target="_blank" rel="opener">x</a>`)).toBe(
      `<a href="https://www.example.fr/x" rel="noopener noreferrer">x</a>`,
    );
  });

  it("turns an h1 into an h2 (the title is the page's h1) and keeps the text of other tags", () => {
    expect(sanitizeBody("<h1>Titre</h1><div><span>texte</span></div>")).toBe("<h2>Titre</h2>texte");
    expect(sanitizeBody(`<p>Prix : 12,50 € HT & "ok"</p>`)).toBe(`<p>Prix : 12,50 € HT &amp; "ok"</p>`);
  });

  it("allows http(s), mailto and paths of the shop, never another scheme nor //host", () => {
    for (const ok of ["https://a.fr", "http://a.fr", "mailto:a@b.fr", "/magasins", "#haut", "?id=1"])
      expect(isAllowedHref(ok), ok).toBe(true);
    for (const bad of ["javascript:alert(1)", "//evil.example", "/\\evil.example", "data:x", "ftp://a.fr", "tel:0102", "relative/path", ""])
      expect(isAllowedHref(bad), bad).toBe(false);
  });

  it("says whether any text is left", () => {
    expect(hasText("<p> </p><script>x</script>")).toBe(false);
    expect(hasText("<p>a</p>")).toBe(true);
  });
});
