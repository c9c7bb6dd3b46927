// Runs npm scripts at the same time (the checks before the tests: type check, lint and build share no output),
// prints each one's output whole when it ends, and fails when one of them fails.
import { spawn } from "node:child_process";
import { Buffer } from "node:buffer";
import process from "node:process";

const names = process.argv.slice(2);
const results = await Promise.all(
  names.map(
    (name) =>
      new Promise((done) => {
        const started = Date.now();
        const child = spawn("npm", ["run", "--silent", name], { stdio: ["ignore", "pipe", "pipe"] });
        const out = [];
        child.stdout.on("data", (b) => out.push(b));
        child.stderr.on("data", (b) => out.push(b));
        child.on("close", (code) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(0);
          process.stdout.write(`\n── npm run ${name}: ${code === 0 ? "passed" : `failed (${code})`} in ${seconds} s\n`);
          process.stdout.write(Buffer.concat(out));
          done(code);
        });
      }),
  ),
);
process.exit(results.every((code) => code === 0) ? 0 : 1);
