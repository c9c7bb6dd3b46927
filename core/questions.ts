// Questions and feedback from the account (decision 083): the kinds, which of them are
// about an order (SPEC §5: "An order must be selected for contact"), and the attachment rules, pure.

/** Kinds of a question; all but "suggestion" (feedback about the shop) are about one of the caller's orders. */
export const QUESTION_TYPES = ["commande", "livraison", "facture", "produit", "suggestion"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const needsOrder = (type: QuestionType) => type !== "suggestion";

export const QUESTION_MAX_LENGTH = 2000;
/** The longest internal note of the back office on a question (the database checks it too). */
export const QUESTION_NOTE_MAX = 2000;
/** Attachments per question. */
export const MAX_ATTACHMENTS = 3;
/** Bytes per attachment: photos of a damaged parcel, a scanned delivery note. */
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_NAME_MAX = 100;

export const ATTACHMENT_TYPES = {
  "image/png": ["png"],
  "image/jpeg": ["jpg", "jpeg"],
  "image/webp": ["webp"],
  "image/gif": ["gif"],
  "application/pdf": ["pdf"],
} as const;
export type AttachmentType = keyof typeof ATTACHMENT_TYPES;
/** For the file picker only: the server decides by content. */
export const ATTACHMENT_ACCEPT = ".png,.jpg,.jpeg,.webp,.gif,.pdf,image/png,image/jpeg,image/webp,image/gif,application/pdf";

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The type of a file from its first bytes (magic numbers), never from its name or declared type. */
export function sniffType(b: Uint8Array): AttachmentType | null {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(b, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(b, ascii("RIFF")) && startsWith(b, ascii("WEBP"), 8)) return "image/webp";
  if (startsWith(b, ascii("GIF87a")) || startsWith(b, ascii("GIF89a"))) return "image/gif";
  if (startsWith(b, ascii("%PDF-"))) return "application/pdf";
  return null;
}

/**
 * Extensions that run or render somewhere (servers, desktops, browsers). A name that holds one anywhere,
 * even before the last dot (`facture.php.pdf`, `photo.pdf.exe`), is refused: the file itself may be
 * harmless here, but its name is made to fool someone who downloads it or a server that trusts names.
 */
const DANGEROUS = new Set(
  (
    "exe com bat cmd scr pif msi msp dll cpl jar vbs vbe js jse mjs cjs ws wsf wsh ps1 psm1 sh bash zsh csh ksh " +
    "php php3 php4 php5 php7 phtml phar pl py pyc rb cgi asp aspx jsp jspx cfm htm html xhtml shtml svg svgz xml " +
    "hta lnk reg app apk deb rpm dmg iso"
  ).split(" "),
);

type NameCheck = { ok: true; name: string } | { ok: false; reason: "double_extension" | "extension_mismatch" };

/**
 * The name shown for an attachment, or why the name is refused. The last extension must be one of the
 * detected type's; no other segment may be a dangerous extension. The result keeps letters (any script),
 * digits, spaces, dots, dashes and underscores, no path, at most ATTACHMENT_NAME_MAX characters. The file
 * is stored under a random key whatever its name (decision 083).
 */
export function attachmentName(raw: string, type: AttachmentType): NameCheck {
  const base = raw.split(/[\\/]/).pop() ?? "";
  const parts = base
    .toLowerCase()
    .split(".")
    .map((p) => p.trim());
  const ext = parts.length > 1 ? parts[parts.length - 1] : "";
  if (parts.slice(1).some((p) => DANGEROUS.has(p))) return { ok: false, reason: "double_extension" };
  if (!(ATTACHMENT_TYPES[type] as readonly string[]).includes(ext)) return { ok: false, reason: "extension_mismatch" };
  const stem = base
    .slice(0, base.length - ext.length - 1)
    .normalize("NFC")
    .replace(/[^\p{L}\p{N} ._-]+/gu, "_")
    .replace(/\.+/g, ".")
    .replace(/^[ ._-]+|[ ._-]+$/g, "")
    .slice(0, ATTACHMENT_NAME_MAX - ext.length - 1);
  return { ok: true, name: `${stem || "fichier"}.${ext}` };
}

/** A file size for people: "340 Ko", "1,2 Mo" (fr) / "340 KB", "1.2 MB" (zh). */
export function formatSize(bytes: number, lang: "fr" | "zh"): string {
  const [k, m] = lang === "fr" ? ["Ko", "Mo"] : ["KB", "MB"];
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} ${k}`;
  const n = (Math.round((bytes / 1024 / 1024) * 10) / 10).toFixed(1);
  return `${lang === "fr" ? n.replace(".", ",") : n} ${m}`;
}

/**
 * The headers of an attachment's download, the customer's and the back office's alike: its checked type, never
 * sniffed, never rendered as a page, never cached, saved under its cleaned name (ASCII fallback and RFC 5987 name).
 */
export function attachmentHeaders(file: { name: string; contentType: string }): Record<string, string> {
  const ascii = file.name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return {
    "content-type": file.contentType,
    "content-disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
    "cache-control": "private, no-store",
  };
}
