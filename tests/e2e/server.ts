// Starts the built shop (`build/app/main.js` as `npm start` does, production mode) on a free port with its own data directory.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type RunningServer = {
  url: string;
  dataDir: string;
  pid: number;
  /** The process's exit code once it ended (null when killed by a signal). */
  exited: Promise<number | null>;
  stop: () => Promise<void>;
};

export function freePort(): Promise<number> {
  return new Promise((ok, ko) => {
    const s = createServer()
      .listen(0, "127.0.0.1", () => {
        const { port } = s.address() as { port: number };
        s.close(() => ok(port));
      })
      .on("error", ko);
  });
}

/** `reuseDataDir`: start on an existing data directory (created by an earlier start), kept at stop. `nodeArgs`:
 * flags for Node itself (benchmarks: `--cpu-prof`, which NODE_OPTIONS refuses). */
export async function startServer(
  env: Record<string, string> = {},
  reuseDataDir?: string,
  nodeArgs: string[] = [],
): Promise<RunningServer> {
  // A free port may be taken by another process (a parallel e2e file's browser or server) before the shop
  // listens on it: the shop then exits (EADDRINUSE, CI saw it), and starts again on another port.
  for (let attempt = 1; ; attempt++) {
    const dataDir = reuseDataDir ?? mkdtempSync(join(tmpdir(), "comptoir-e2e-"));
    try {
      return await launch(env, dataDir, Boolean(reuseDataDir), nodeArgs);
    } catch (e) {
      if (!reuseDataDir) rmSync(dataDir, { recursive: true, force: true });
      if (!(e instanceof ExitedEarly) || attempt === 3) throw e;
    }
  }
}

class ExitedEarly extends Error {}

/** Whether process `pid` holds the socket listening on `port` (Linux: /proc/net/tcp* and the process's fds). */
function listensOn(pid: number, port: number): boolean {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  const inodes = new Set<string>();
  try {
    for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
      for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
        const c = line.trim().split(/\s+/); // sl local_address rem_address st … inode
        if (c[1]?.endsWith(hex) && c[3] === "0A") inodes.add(c[9]);
      }
    }
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.has(/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1] ?? "");
      } catch {
        return false; // closed meanwhile
      }
    });
  } catch {
    return true; // no /proc here: the answer and the live child are all there is to go on
  }
}

async function launch(env: Record<string, string>, dataDir: string, keepDataDir: boolean, nodeArgs: string[]): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // SHOP_NODE_ARGS adds node flags from the environment (bench/cart.ts: "--cpu-prof --cpu-prof-dir=/tmp/prof").
  const flags = [...(process.env.SHOP_NODE_ARGS?.split(" ").filter(Boolean) ?? []), ...nodeArgs];
  const child: ChildProcess = spawn(process.execPath, [...flags, "build/app/main.js"], {
    env: {
      // as `npm run serve` (decision 095): one malloc arena, large blocks mapped apart and given back when freed
      MALLOC_ARENA_MAX: "1",
      MALLOC_MMAP_THRESHOLD_: "65536",
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  // A bench or test process that dies without stopping its shop does not leave it running, holding its port, its
  // database and the pipe the caller's output goes through.
  const orphaned = () => child.kill("SIGTERM");
  process.once("exit", orphaned);
  child.once("exit", () => process.off("exit", orphaned)); // however it ends: started again on another port, stopped
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new ExitedEarly(`server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/favicon.svg`);
      // an answer from another process holding the port while ours failed to listen is not ours
      if (r.ok && child.exitCode === null && listensOn(child.pid!, port)) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      throw new Error("server did not start in 120 s");
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const exited = new Promise<number | null>((r) => (child.exitCode !== null ? r(child.exitCode) : child.once("exit", (code) => r(code))));
  return {
    url,
    dataDir,
    pid: child.pid!,
    exited,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
      if (!keepDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
