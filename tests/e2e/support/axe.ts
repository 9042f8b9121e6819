import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import type { AxeResults } from "axe-core";

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/**
 * Scans the page as it is now (WCAG 2.0/2.1 A and AA plus best practices). Legacy mode runs
 * axe.run() in the page itself (and in its same-origin frames): the default mode runs each frame
 * on its own, then opens a new blank tab, injects axe a second time and merges there — meant for
 * cross-origin frames, which the shop has none of, and it took about half of every scan (same
 * results: measured on the listing and a static page).
 */
export function scanPage(page: Page): Promise<AxeResults> {
  return new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode().analyze();
}

/**
 * Runs axe on the page as it is now and fails with a readable list (rule, impact, first targets)
 * when anything is found.
 */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  const results = await scanPage(page);
  const report = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n` +
      v.nodes
        .slice(0, 5)
        .map((n) => `    ${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1, 3).join("; ")}`)
        .join("\n"),
  );
  expect(report, `axe violations on ${label}:\n${report.join("\n")}`).toEqual([]);
}
