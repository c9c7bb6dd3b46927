// One process per PGlite data directory. PGlite takes no lock of its own: a second process opening the same
// directory (a second `npm start`, a script importing the database) writes beside the first and leaves the
// files unreadable (pglite issues #1106, #884). Like PostgreSQL's postmaster.pid, a lock file beside the
// directory names its holder; a second opener is refused while that holder lives, and a file left by a
// process that died (kill -9, power cut) is taken over.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";

/** The holder as written in the file: its pid and, on Linux, its start time (a reused pid is not the holder). */
const holderOf = (pid: number) => `${pid} ${startTime(pid) ?? ""}`.trim();

function startTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null; // field 22: start time in ticks
  } catch {
    return null;
  }
}

function alive(holder: string): boolean {
  const [pidText, started] = holder.split(" ");
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EPERM") return false; // ESRCH: gone
  }
  return !started || startTime(pid) === null || startTime(pid) === started;
}

export class DataDirInUseError extends Error {}

/** Takes the lock of `dataDir` (file `<dataDir>.lock`) and answers its release; throws when another live process holds it. */
export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir.replace(/\/+$/, "")}.lock`;
  const me = holderOf(process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, "wx", 0o600);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      let holder = "";
      try {
        holder = readFileSync(file, "utf8").trim();
      } catch {
        continue; // released meanwhile: try again
      }
      if (holder && alive(holder)) {
        throw new DataDirInUseError(
          `The database in ${dataDir} is in use by process ${holder.split(" ")[0]} (${file}). Stop that process first: ` +
            "two processes on one embedded database would corrupt it. Several processes need DATABASE_URL (PostgreSQL).",
        );
      }
      try {
        // its holder is gone; unless another opener took it over meanwhile (then the next attempt sees it)
        if (readFileSync(file, "utf8").trim() === holder) unlinkSync(file);
      } catch {
        // gone already
      }
      continue;
    }
    writeSync(fd, `${me}\n`);
    closeSync(fd);
    const release = () => {
      process.off("exit", release);
      try {
        if (readFileSync(file, "utf8").trim() === me) unlinkSync(file);
      } catch {
        // already gone
      }
    };
    process.on("exit", release);
    return release;
  }
  throw new DataDirInUseError(`The lock ${file} of the database in ${dataDir} could not be taken.`);
}
