import { expect, type APIResponse } from "@playwright/test";

/** What must never reach a response: stack frames, file paths, driver and SQL error texts. */
export const LEAK_PATTERNS: RegExp[] = [
  /at \/work/,
  /node_modules/,
  /\bat [\w.<>$]+ \((?:file:\/\/)?\/[^)]+:\d+:\d+\)/, // a stack frame "at fn (/path/file.js:1:2)"
  /\b(?:Type|Reference|Syntax|Range)?Error: [^\n<]*\n\s+at /, // "Error: …" followed by a stack
  /syntax error at or near/i,
  /relation "[^"]*" does not exist/i,
  /relation \\?"/,
  /invalid input syntax for/i,
  /PostgresError|PGlite|postgres-js/,
  /SQLSTATE|ECONNREFUSED/,
];

export function leaksIn(text: string): string[] {
  return LEAK_PATTERNS.filter((pattern) => pattern.test(text)).map((pattern) => `${pattern} → ${text.match(pattern)?.[0]}`);
}

/** Reads the body and fails when it gives internals away; returns the text. */
export async function expectNoLeak(response: APIResponse, label: string): Promise<string> {
  const text = await response.text();
  expect(leaksIn(text), `${label} (${response.status()}) leaks internals`).toEqual([]);
  expect(response.status(), `${label} must not be a 500`).not.toBe(500);
  return text;
}
