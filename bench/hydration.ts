// What the main thread does while a page loads and hydrates (decision 090): loads a page of a running shop in
// Chromium with the CPU slowed down like Lighthouse's mobile run, records a trace and a JavaScript CPU profile,
// and prints the long tasks (≥ 50 ms) with the functions that took their time (self and total).
// Build with `npx react-router build --minify false` first to read React's and the app's function names.
// The second line it prints counts the main thread's CPU time (trace `tdur`) instead of wall time: on a shared
// machine a task's wall time grows with the other processes, its CPU time does not (decision 094). With
// `--cpu 1` it multiplies each task by 4 like Lighthouse's simulation, so it estimates Lighthouse's Total
// Blocking Time on an idle machine.
//
//   node --import tsx bench/hydration.ts http://127.0.0.1:8795/product/2-cartons-caisses [--cpu 4] [--out /tmp/h]
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; tdur?: number; tid: number; args?: { data?: { url?: string } } };
type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; startTime: number; samples: number[]; timeDeltas: number[] };

const { values, positionals } = parseArgs({ allowPositionals: true, options: { cpu: { type: "string" }, out: { type: "string" } } });
const url = positionals[0];
if (!url) throw new Error("usage: bench/hydration.ts <url> [--cpu 4] [--out prefix]");

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
const page = await context.newPage();
const logs: string[] = [];
page.on("console", (m) => logs.push(`[${m.type()}] ${m.text()}`));
page.on("pageerror", (e) => logs.push(`[pageerror] ${e.message}`));
const cdp = await context.newCDPSession(page);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: Number(values.cpu ?? 4) });
await cdp.send("Profiler.enable");
await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
const events: TraceEvent[] = [];
cdp.on("Tracing.dataCollected", (d) => events.push(...(d.value as unknown as TraceEvent[])));
await cdp.send("Tracing.start", { categories: "devtools.timeline,disabled-by-default-devtools.timeline", transferMode: "ReportEvents" });
await cdp.send("Profiler.start");
await page.goto(url, { waitUntil: "load" });
await page.waitForTimeout(6000);
const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile };
const complete = new Promise((ok) => cdp.once("Tracing.tracingComplete", ok));
await cdp.send("Tracing.end");
await complete;
await browser.close();
if (values.out) {
  writeFileSync(`${values.out}.cpuprofile`, JSON.stringify(profile));
  writeFileSync(`${values.out}.trace.json`, JSON.stringify({ traceEvents: events }));
}

const t0 = Math.min(...events.filter((e) => e.ts > 0 && e.ph === "X").map((e) => e.ts));
const ms = (us: number) => (us / 1000).toFixed(0);
const fcp = events.find((e) => e.name === "firstContentfulPaint");
const main = fcp?.tid;
const tasks = events.filter((e) => e.name === "RunTask" && e.ph === "X" && e.tid === main && (e.dur ?? 0) >= 50_000);
const blocking = tasks.filter((t) => fcp && t.ts > fcp.ts).reduce((sum, t) => sum + (t.dur! - 50_000), 0);
console.log(`first contentful paint ${fcp ? ms(fcp.ts - t0) : "?"} ms; long tasks after it: ${ms(blocking)} ms over 50 ms`);
const rate = Number(values.cpu ?? 4);
const cpu = (e: TraceEvent) => ((e.tdur ?? 0) * 4) / rate; // as if run 4x slower, whatever --cpu was
const runTasks = events.filter((e) => e.name === "RunTask" && e.ph === "X" && e.tid === main && e.tdur !== undefined);
const cpuLong = runTasks.filter((t) => fcp && t.ts > fcp.ts && cpu(t) > 50_000);
const cpuOf = (names: string[]) =>
  runTasks.length && events.filter((e) => e.tid === main && e.ph === "X" && names.includes(e.name)).reduce((s, e) => s + cpu(e), 0);
console.log(
  `thread CPU at 4x: blocking time after the first paint ${ms(cpuLong.reduce((s, t) => s + cpu(t) - 50_000, 0))} ms (${cpuLong.length} tasks over 50 ms); ` +
    `main thread ${ms(runTasks.reduce((s, t) => s + cpu(t), 0))} ms, of which style ${ms(cpuOf(["UpdateLayoutTree"]))}, layout ${ms(cpuOf(["Layout"]))}, ` +
    `paint ${ms(cpuOf(["Paint", "PrePaint", "Layerize", "Commit"]))}, HTML ${ms(cpuOf(["ParseHTML"]))}`,
);

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const name = (n: Node) => `${n.callFrame.functionName || "(anonymous)"} ${n.callFrame.url.split("/").pop()}:${n.callFrame.lineNumber}`;
let at = profile.startTime;
const samples = profile.samples.map((id, i) => ((at += profile.timeDeltas[i]), { id, at, dur: profile.timeDeltas[i + 1] ?? 0 }));
const top = (m: Map<string, number>, k: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(([n, us]) => `${ms(us).padStart(5)} ${n}`)
    .join("\n      ");
for (const task of tasks) {
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  for (const s of samples) {
    if (s.at < task.ts || s.at > task.ts + task.dur!) continue;
    const leaf = name(byId.get(s.id)!);
    self.set(leaf, (self.get(leaf) ?? 0) + s.dur);
    const seen = new Set<string>();
    for (let id: number | undefined = s.id; id !== undefined; id = parent.get(id)) {
      const n = name(byId.get(id)!);
      if (!seen.has(n)) total.set(n, (total.get(n) ?? 0) + s.dur);
      seen.add(n);
    }
  }
  const kinds = new Map<string, number>();
  for (const e of events)
    if (e.tid === main && e.ph === "X" && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur! && e.name !== "RunTask")
      if (["ParseHTML", "UpdateLayoutTree", "Layout", "Paint", "FunctionCall", "TimerFire", "RunMicrotasks"].includes(e.name))
        kinds.set(e.name, (kinds.get(e.name) ?? 0) + (e.dur ?? 0));
  console.log(`\n@${ms(task.ts - t0)} ms: ${ms(task.dur!)} ms  (${[...kinds].map(([k, v]) => `${k} ${ms(v)}`).join(", ")})`);
  console.log(`  self  ${top(self, 6)}\n  total ${top(total, 12)}`);
}
if (logs.length) console.log(`\nconsole:\n${logs.join("\n")}`);
