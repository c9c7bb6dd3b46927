// One process per PGlite data directory (server/db/data-dir-lock.ts): a second opener is refused while the
// holder lives, a file left by a dead process is taken over, the release is the holder's only.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirInUseError, lockDataDir } from "./data-dir-lock.ts";
import { openDatabase } from "./client.ts";

const dirs: string[] = [];
const freshDir = () => {
  const d = mkdtempSync(join(tmpdir(), "lock-test-"));
  dirs.push(d);
  return join(d, "pg");
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A pid no process holds: a child that has exited. */
const deadPid = () => spawnSync(process.execPath, ["-e", "0"]).pid!;

describe("data directory lock", () => {
  it("refuses a second holder while the first lives, then lets the next one in", () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, "utf8")).toMatch(new RegExp(`^${process.pid}\\b`));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(`in use by process ${process.pid}`);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    lockDataDir(dir)();
  });

  it("takes over the file of a process that died, and of a pid now used by another process", () => {
    const dir = freshDir();
    writeFileSync(`${dir}.lock`, `${deadPid()} 12345\n`);
    const release = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, "utf8")).toMatch(new RegExp(`^${process.pid}\\b`));
    release();
    // our own pid with another start time: the pid was reused, its holder is gone
    writeFileSync(`${dir}.lock`, `${process.pid} 1\n`);
    lockDataDir(dir)();
  });

  it("does not remove a file it no longer holds", () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    writeFileSync(`${dir}.lock`, `${process.pid} other\n`);
    release();
    expect(readFileSync(`${dir}.lock`, "utf8")).toBe(`${process.pid} other\n`);
  });

  it("stops a second process opening the embedded database, and the database still opens afterwards", async () => {
    const dir = freshDir();
    const first = await openDatabase({ dataDir: dir });
    const client = fileURLToPath(new URL("./client.ts", import.meta.url));
    const second = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "-e",
        `import(${JSON.stringify(client)}).then((m) => m.openDatabase({ dataDir: ${JSON.stringify(dir)} })).then(() => process.exit(0), (e) => { console.error(e.message); process.exit(3); })`,
      ],
      { encoding: "utf8", timeout: 60_000 },
    );
    expect(second.status).toBe(3);
    expect(second.stderr).toContain(`in use by process ${process.pid}`);
    await first.db.execute("select 1");
    await first.close();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  }, 90_000);
});
