// A console.error during a unit or integration test fails that test: an error the code logs is a bug the assertions
// missed. A test that expects one says so with vi.spyOn(console, "error").mockImplementation(…), which replaces this.
import { afterEach, beforeEach } from "vitest";
import { format } from "node:util";

const logged: string[] = [];
const original = console.error;

beforeEach(() => {
  logged.length = 0;
  console.error = (...args: unknown[]) => {
    logged.push(format(...args));
    original(...args);
  };
});

afterEach(() => {
  console.error = original;
  if (logged.length) throw new Error(`console.error during the test:\n${logged.join("\n").slice(0, 2000)}`);
});
