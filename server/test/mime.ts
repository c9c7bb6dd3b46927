// A MIME message read back for tests: headers, the multipart tree, each part's body decoded (base64,
// quoted-printable) to bytes. Enough for nodemailer's output; not a general parser.

export type MimePart = {
  headers: Record<string, string>;
  /** "text/plain", "multipart/alternative", "application/pdf" … (lower case). */
  type: string;
  params: Record<string, string>;
  filename: string | null;
  body: Buffer;
  parts: MimePart[];
};

function headerBlock(raw: string): [Record<string, string>, string] {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const rest = split < 0 ? "" : raw.slice(split).replace(/^\r?\n\r?\n/, "");
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return [headers, rest];
}

function valueAndParams(header: string | undefined): [string, Record<string, string>] {
  const [value, ...rest] = (header ?? "").split(";");
  const params: Record<string, string> = {};
  for (const p of rest) {
    const eq = p.indexOf("=");
    if (eq > 0)
      params[p.slice(0, eq).trim().toLowerCase()] = p
        .slice(eq + 1)
        .trim()
        .replace(/^"|"$/g, "");
  }
  return [value.trim().toLowerCase(), params];
}

function decodeBody(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? "7bit").toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64");
    case "quoted-printable": {
      const bytes: number[] = [];
      const text = body.replace(/=\r?\n/g, "");
      for (let i = 0; i < text.length; i++) {
        if (text[i] === "=" && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
          bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
          i += 2;
        } else bytes.push(...Buffer.from(text[i], "utf8"));
      }
      return Buffer.from(bytes);
    }
    default:
      return Buffer.from(body, "utf8");
  }
}

export function parseMime(raw: string): MimePart {
  const [headers, body] = headerBlock(raw);
  const [type, params] = valueAndParams(headers["content-type"] ?? "text/plain");
  const [, disposition] = valueAndParams(headers["content-disposition"]);
  const filename = disposition.filename ?? params.name ?? null;
  if (type.startsWith("multipart/") && params.boundary) {
    const chunks = body.split(new RegExp(`\\r?\\n?--${params.boundary.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:--)?[ \\t]*\\r?\\n?`));
    // the preamble before the first boundary and the epilogue after the last are not parts
    const parts = chunks.slice(1, -1).map(parseMime);
    return { headers, type, params, filename, body: Buffer.alloc(0), parts };
  }
  return { headers, type, params, filename, body: decodeBody(body, headers["content-transfer-encoding"]), parts: [] };
}

/** The parts that hold content (not multipart containers), in order. */
export function leaves(p: MimePart): MimePart[] {
  return p.parts.length ? p.parts.flatMap(leaves) : [p];
}

/** The first leaf of that type. */
export function partOf(p: MimePart, type: string): MimePart | undefined {
  return leaves(p).find((l) => l.type === type);
}

/** A header with its RFC 2047 encoded words (=?UTF-8?Q?…?=, =?UTF-8?B?…?=) decoded. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([\w-]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeBody(text.replace(/_/g, " "), "quoted-printable").toString("utf8"),
    );
}
