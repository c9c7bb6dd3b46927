// The few Redis commands the shared counters need, over one connection (RESP2), without a client library.
// Commands are pipelined: replies come back in order. A lost connection fails the commands in flight and
// reconnects on the next command.
import net from "node:net";

type Reply = string | number | null | Reply[];
type Pending = { resolve: (r: Reply) => void; reject: (e: Error) => void };

class RedisReplyError extends Error {}

/** Parses one reply at `at`; undefined when the buffer does not hold it whole yet. */
function parseReply(buf: Buffer, at: number): [Reply | RedisReplyError, number] | undefined {
  const eol = buf.indexOf("\r\n", at);
  if (eol < 0) return undefined;
  const line = buf.toString("utf8", at + 1, eol);
  const next = eol + 2;
  switch (buf[at]) {
    case 0x2b:
      return [line, next]; // +
    case 0x2d:
      return [new RedisReplyError(line), next]; // -
    case 0x3a:
      return [Number(line), next]; // :
    case 0x24: {
      // $
      const len = Number(line);
      if (len < 0) return [null, next];
      if (buf.length < next + len + 2) return undefined;
      return [buf.toString("utf8", next, next + len), next + len + 2];
    }
    case 0x2a: {
      // *
      const n = Number(line);
      if (n < 0) return [null, next];
      const items: Reply[] = [];
      let pos = next;
      for (let i = 0; i < n; i++) {
        const item = parseReply(buf, pos);
        if (!item) return undefined;
        if (item[0] instanceof RedisReplyError) return [item[0], item[1]];
        items.push(item[0]);
        pos = item[1];
      }
      return [items, pos];
    }
    default:
      throw new Error("redis: unexpected reply");
  }
}

const encode = (args: string[]) => `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join("")}`;

export function createRedisClient(url: string) {
  const u = new URL(url);
  let socket: net.Socket | null = null;
  let pending: Pending[] = [];
  let buf = Buffer.alloc(0);

  function fail(e: Error) {
    const all = pending;
    pending = [];
    buf = Buffer.alloc(0);
    for (const p of all) p.reject(e);
  }

  function connect(): net.Socket {
    const s = net.createConnection({ host: u.hostname || "127.0.0.1", port: Number(u.port || 6379) });
    s.setNoDelay(true);
    s.on("data", (chunk) => {
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      let at = 0;
      for (;;) {
        const r = parseReply(buf, at);
        if (!r) break;
        at = r[1];
        const p = pending.shift();
        if (r[0] instanceof RedisReplyError) p?.reject(r[0]);
        else p?.resolve(r[0]);
      }
      buf = buf.subarray(at);
    });
    s.on("error", (e) => fail(e));
    s.on("close", () => {
      if (socket === s) socket = null;
      fail(new Error("redis: connection closed"));
    });
    // Authentication and database first: their replies come before any command's.
    const user = decodeURIComponent(u.username);
    const password = decodeURIComponent(u.password);
    if (password) send(s, user ? ["AUTH", user, password] : ["AUTH", password]).catch(() => undefined);
    const dbIndex = u.pathname.slice(1);
    if (dbIndex) send(s, ["SELECT", dbIndex]).catch(() => undefined);
    return s;
  }

  function send(s: net.Socket, args: string[]): Promise<Reply> {
    return new Promise((resolve, reject) => {
      pending.push({ resolve, reject });
      s.write(encode(args));
    });
  }

  return {
    command: (...args: string[]) => send((socket ??= connect()), args),
    close: async () => {
      const s = socket;
      socket = null;
      if (s)
        await new Promise<void>((done) => {
          s.once("close", () => done());
          s.end();
        });
    },
  };
}
