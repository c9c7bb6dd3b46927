// A real SMTP server for tests (smtp-server): collects every message it receives.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { leaves, parseMime } from "./mime.ts";

type Received = { to: string[]; raw: string };

/**
 * `dir`: also write each message there as <n>.eml (for end-to-end tests in another process).
 * `port`: listen there (to bring a stopped server back on the same address); a free port by default.
 */
export async function startSmtp(dir?: string, port = 0) {
  const received: Received[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // The shop's pooled connections are closed by the server after 1 s when a test stops it (30 s by default).
    closeTimeout: 1000,
    onConnect(_session, done) {
      connections++;
      done();
    },
    onData(stream, session, done) {
      let raw = "";
      stream.setEncoding("utf8");
      stream.on("data", (c: string) => (raw += c));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        if (dir) writeFileSync(join(dir, `${String(received.length).padStart(4, "0")}.eml`), raw);
        done();
      });
    },
  });
  await new Promise<void>((ok) => server.listen(port, "127.0.0.1", ok));
  const bound = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    received,
    /** SMTP connections opened so far. */
    connections: () => connections,
    /** Decoded text of the last message to `to` (quoted-printable soft breaks and escapes undone). */
    lastTo(to: string): string | undefined {
      const m = [...received].reverse().find((r) => r.to.includes(to));
      return m && decodeMail(m.raw);
    },
    /** The files attached to the last message to `to` (its non-text leaves), decoded. */
    filesTo(to: string): { filename: string | null; type: string; body: Buffer }[] {
      const m = [...received].reverse().find((r) => r.to.includes(to));
      if (!m) return [];
      return leaves(parseMime(m.raw))
        .filter((p) => !p.type.startsWith("text/"))
        .map((p) => ({ filename: p.filename, type: p.type, body: p.body }));
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}

/**
 * Message text with quoted-printable soft breaks and escapes undone, and a base64 body (text mostly not Latin) decoded.
 * A multipart message: its headers, then the decoded text of each text part (plain text, then HTML).
 */
function decodeMail(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  if (split > 0 && /^Content-Type: multipart\//im.test(raw.slice(0, split))) {
    const texts = leaves(parseMime(raw)).filter((p) => p.type.startsWith("text/"));
    return [raw.slice(0, split), ...texts.map((p) => p.body.toString("utf8"))].join("\n\n");
  }
  if (
    split > 0 &&
    /^Content-Transfer-Encoding: base64\r?$/im.test(raw.slice(0, split)) &&
    !/^Content-Type: multipart\//im.test(raw.slice(0, split))
  ) {
    const body = raw.slice(split).replace(/\s+/g, "");
    return `${raw.slice(0, split)}\n\n${Buffer.from(body, "base64").toString("utf8")}`;
  }
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, h) => `%${h}`)
    .replace(/(%[0-9A-F]{2})+/g, (s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
}
