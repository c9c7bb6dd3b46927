import { describe, expect, it } from "vitest";
import { LowPriorityPreloads, withLowPriorityPreloads } from "./preload-priority.server.ts";

async function run(chunks: string[]): Promise<string> {
  const t = new LowPriorityPreloads();
  const out: Buffer[] = [];
  t.on("data", (b: Buffer) => out.push(b));
  const done = new Promise((r) => t.on("end", r));
  for (const c of chunks) t.write(Buffer.from(c));
  t.end();
  await done;
  return Buffer.concat(out).toString();
}

const html =
  '<p>é</p><link rel="modulepreload" href="/assets/a.js" nonce="n"/><link rel="stylesheet" href="/x.css"/>' +
  '<link rel="modulepreload" href="/assets/b.js"/><script type="module">import "/assets/a.js"</script>';
const expected = html.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');

describe("LowPriorityPreloads", () => {
  it("marks every modulepreload link low priority and changes nothing else", async () => {
    expect(await run([html])).toBe(expected);
  });

  it("finds a link split across chunks at any byte", async () => {
    const bytes = Buffer.from(html);
    for (let cut = 1; cut < bytes.length; cut++) {
      const t = new LowPriorityPreloads();
      const out: Buffer[] = [];
      t.on("data", (b: Buffer) => out.push(b));
      const done = new Promise((r) => t.on("end", r));
      t.write(bytes.subarray(0, cut));
      t.write(bytes.subarray(cut));
      t.end();
      await done;
      expect(Buffer.concat(out).toString()).toBe(expected);
    }
  });

  it("holds back only what may begin a link", async () => {
    const t = new LowPriorityPreloads();
    const seen: string[] = [];
    t.on("data", (b: Buffer) => seen.push(b.toString()));
    t.write(Buffer.from("<div>shell</div><script>x</script>"));
    t.write(Buffer.from('<p>a</p><link rel="mod'));
    await new Promise((r) => setImmediate(r));
    expect(seen).toEqual(["<div>shell</div><script>x</script>", "<p>a</p>"]);
    t.end(Buffer.from('ulepreload" href="/c.js"/>'));
    await new Promise((r) => t.on("end", r));
    expect(seen.join("")).toBe('<div>shell</div><script>x</script><p>a</p><link rel="modulepreload" fetchpriority="low" href="/c.js"/>');
  });

  it("rewrites a document read whole the same way", () => {
    expect(withLowPriorityPreloads(Buffer.from(html)).toString()).toBe(expected);
    const plain = Buffer.from("<p>no preload</p>");
    expect(withLowPriorityPreloads(plain)).toBe(plain);
  });
});
