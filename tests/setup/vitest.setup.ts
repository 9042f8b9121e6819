import { afterEach, vi } from "vitest";

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
