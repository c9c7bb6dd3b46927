// Content negotiation for pre-compressed bodies: the best encoding the request's Accept-Encoding accepts.
type Encoding = "br" | "gzip" | "identity";

/** Picks br, then gzip, else identity; honours q=0 ("not acceptable") and the `*` wildcard. */
export function pickEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  const q = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = qp ? Number(qp.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const accepts = (name: string) => (q.get(name) ?? q.get("*") ?? 0) > 0;
  if (accepts("br")) return "br";
  if (accepts("gzip")) return "gzip";
  return "identity";
}
