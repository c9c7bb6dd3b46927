// Lighthouse 13 mobile on pages of a running shop, scored twice from the same run (decision 094):
// - as Lighthouse scores it: its simulation multiplies each main-thread task's WALL time by 4;
// - "cpu": the same trace with each main-thread task shortened to its thread CPU time (`tdur`), the events
//   inside it scaled with it, then audited again (`lighthouse -A`). On a machine shared with other work a
//   task's wall time grows with the neighbours' load (the renderer waits for a core) while its CPU time does
//   not, so this second score is what the run would show on an idle machine of that speed. A diagnostic, not
//   Lighthouse's figure: report both.
// Two curls before each run (the render cache keeps a page a minute). Needs `npx lighthouse@13` (fetched once).
//
//   node --import tsx bench/lighthouse.ts http://127.0.0.1:8795 / /product/2-cartons-caisses [--runs 3]
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number };
type Report = {
  categories: Record<string, { score: number }>;
  audits: Record<string, { numericValue: number }>;
  environment: { benchmarkIndex: number };
};

const { values, positionals } = parseArgs({ allowPositionals: true, options: { runs: { type: "string" } } });
const [origin, ...paths] = positionals;
if (!origin || !paths.length) throw new Error("usage: bench/lighthouse.ts <origin> <path>... [--runs 3]");
const categories = "--only-categories=performance,accessibility,best-practices,seo";

function lighthouse(url: string, args: string[]) {
  execFileSync("npx", ["--yes", "lighthouse@13", url, "--form-factor=mobile", categories, "--quiet", ...args], {
    env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
    stdio: ["ignore", "ignore", "ignore"],
  });
}

/** Each main-thread task at its CPU time; what runs inside it keeps its place relative to the task's start. */
function atCpuTime(file: string) {
  const raw = JSON.parse(readFileSync(file, "utf8")) as { traceEvents: TraceEvent[] };
  const events = raw.traceEvents;
  const fcp = events.find((e) => e.name === "firstContentfulPaint");
  if (!fcp) throw new Error("no first contentful paint in the trace");
  const main = events.filter((e) => e.pid === fcp.pid && e.tid === fcp.tid).sort((a, b) => a.ts - b.ts);
  const tasks = main.filter((e) => e.name === "RunTask" && e.ph === "X" && e.tdur !== undefined && e.dur);
  let i = 0;
  for (const task of tasks) {
    const f = Math.min(1, task.tdur! / task.dur!);
    const [start, end] = [task.ts, task.ts + task.dur!];
    while (i < main.length && main[i].ts < start) i++;
    for (let j = i; j < main.length && main[j].ts <= end; j++) {
      const e = main[j];
      if (e === task) continue;
      e.ts = start + (e.ts - start) * f;
      if (e.dur !== undefined) e.dur *= f;
    }
    task.dur! *= f;
  }
  writeFileSync(file, JSON.stringify(raw));
}

function summary(file: string) {
  const r = JSON.parse(readFileSync(file, "utf8")) as Report;
  const score = (k: string) => Math.round(r.categories[k].score * 100);
  const s = (k: string) => (r.audits[k].numericValue / 1000).toFixed(2);
  return {
    perf: score("performance"),
    others: `${score("accessibility")}/${score("best-practices")}/${score("seo")}`,
    text: `FCP ${s("first-contentful-paint")} s, LCP ${s("largest-contentful-paint")} s, TBT ${Math.round(r.audits["total-blocking-time"].numericValue)} ms, CLS ${r.audits["cumulative-layout-shift"].numericValue.toFixed(3)}, SI ${s("speed-index")} s`,
    benchmarkIndex: Math.round(r.environment.benchmarkIndex),
  };
}

for (const path of paths) {
  const url = new URL(path, origin).href;
  for (let run = 1; run <= Number(values.runs ?? 1); run++) {
    for (let k = 0; k < 2; k++) await fetch(url).then((r) => r.arrayBuffer());
    const dir = mkdtempSync(join(tmpdir(), "lh-"));
    try {
      const wall = join(dir, "wall");
      const cpu = join(dir, "cpu");
      lighthouse(url, [
        "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
        `-GA=${wall}`,
        "--output=json",
        `--output-path=${wall}.json`,
      ]);
      cpSync(wall, cpu, { recursive: true });
      atCpuTime(join(cpu, "trace.json"));
      lighthouse(url, [`-A=${cpu}`, "--output=json", `--output-path=${cpu}.json`]);
      const [w, c] = [summary(`${wall}.json`), summary(`${cpu}.json`)];
      console.log(`${path} run ${run} (benchmark index ${w.benchmarkIndex}); a11y/bp/seo ${w.others}`);
      console.log(`  wall ${w.perf}: ${w.text}`);
      console.log(`  cpu  ${c.perf}: ${c.text}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
