// Attachment rules (decision 083): type by content, names checked against it, sizes shown to people.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { attachmentName, formatSize, needsOrder, sniffType, QUESTION_TYPES, ATTACHMENT_NAME_MAX } from "./questions.ts";

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("sniffType", () => {
  it.each([
    [bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a], "rest"), "image/png"],
    [bytes([0xff, 0xd8, 0xff, 0xe0], "JFIF"), "image/jpeg"],
    [bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "), "image/webp"],
    [bytes("GIF89a", [1, 0]), "image/gif"],
    [bytes("GIF87a"), "image/gif"],
    [bytes("%PDF-1.7\n"), "application/pdf"],
  ])("recognises %#", (b, type) => expect(sniffType(b)).toBe(type));

  it.each([
    ["a shell script", bytes("#!/bin/sh\n")],
    ["HTML", bytes("<html><script>")],
    ["an SVG", bytes("<svg xmlns=")],
    ["a Windows executable", bytes("MZ", [0x90, 0])],
    ["a ZIP", bytes("PK", [3, 4])],
    ["RIFF that is not WebP", bytes("RIFF", [1, 2, 3, 4], "WAVEfmt ")],
    ["a truncated PNG signature", bytes([0x89], "PNG")],
    ["nothing", bytes()],
    ["a PDF marker later in the file", bytes(" %PDF-1.4")],
  ])("refuses %s", (_n, b) => expect(sniffType(b)).toBeNull());
});

describe("attachmentName", () => {
  it.each([
    ["photo.PNG", "image/png", "photo.png"],
    ["Bon de livraison n°12.pdf", "application/pdf", "Bon de livraison n_12.pdf"],
    ["C:\\Users\\x\\scan.jpeg", "image/jpeg", "scan.jpeg"],
    ["../../etc/passwd.gif", "image/gif", "passwd.gif"],
    ["rapport.2026.pdf", "application/pdf", "rapport.2026.pdf"],
    ["发票.pdf", "application/pdf", "发票.pdf"],
    [".pdf", "application/pdf", "fichier.pdf"],
    ["<script>.webp", "image/webp", "script.webp"],
  ] as const)("keeps %s as %s", (raw, type, name) => expect(attachmentName(raw, type)).toEqual({ ok: true, name }));

  it.each([
    ["x.pdf.exe", "application/pdf", "double_extension"],
    ["x.php.pdf", "application/pdf", "double_extension"],
    ["facture.html.pdf", "application/pdf", "double_extension"],
    ["photo.svg.png", "image/png", "double_extension"],
    ["photo.pdf", "image/png", "extension_mismatch"],
    ["photo", "image/png", "extension_mismatch"],
    ["photo.jpg", "image/png", "extension_mismatch"],
  ] as const)("refuses %s", (raw, type, reason) => expect(attachmentName(raw, type)).toEqual({ ok: false, reason }));

  it("gives a short name without path, control or markup characters, with the type's extension", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (stem) => {
        const r = attachmentName(`${stem}.pdf`, "application/pdf");
        if (!r.ok) return true; // a dangerous inner extension
        return (
          r.name.length <= ATTACHMENT_NAME_MAX &&
          r.name.endsWith(".pdf") &&
          // eslint-disable-next-line no-control-regex -- the point
          !/[/\\<>"'\u0000-\u001f]/.test(r.name) &&
          !r.name.startsWith(".")
        );
      }),
    );
  });
});

describe("questions", () => {
  it("needs an order for every kind but a suggestion", () => {
    expect(QUESTION_TYPES.filter(needsOrder)).toEqual(["commande", "livraison", "facture", "produit"]);
  });
  it("shows sizes in each language", () => {
    expect(formatSize(300, "fr")).toBe("1 Ko");
    expect(formatSize(340 * 1024, "fr")).toBe("340 Ko");
    expect(formatSize(1.25 * 1024 * 1024, "fr")).toBe("1,3 Mo");
    expect(formatSize(1.25 * 1024 * 1024, "zh")).toBe("1.3 MB");
  });
});
