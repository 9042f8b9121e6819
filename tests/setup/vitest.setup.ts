import os from "node:os";
import path from "node:path";
import { afterEach, vi } from "vitest";

// A test never opens the developer's shop (./data): a test that reaches getDb() without a test
// database of its own gets an embedded one in a folder of this test process's (made only then).
process.env.DATA_DIR ??= path.join(os.tmpdir(), `shop-vitest-${process.pid}`);

// A test that makes the app log an error fails, unless it says it expects one (Epic Stack's rule).
let allowed = false;
export function allowConsoleErrors() {
  allowed = true;
}
const original = console.error;
console.error = (...args: unknown[]) => {
  if (allowed) return;
  original(...args);
  throw new Error(`console.error was called: ${args.map(String).join(" ")}`);
};
afterEach(() => {
  allowed = false;
  vi.restoreAllMocks();
});
