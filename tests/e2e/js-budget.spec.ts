import { expect, test } from "@playwright/test";
import { firstLoadJs } from "../../scripts/js-budget.mjs";

/**
 * First-load JavaScript budgets, checked from the production build's manifest (sizes, not timings,
 * so the check is deterministic): browsing pages at most 100 kB gzipped, pages with forms at most
 * 125 kB. A bare Remix + React 18 page is about 85 kB of that.
 */
const BROWSING = ["_index", "products._index", "products.$id", "category.$slug", "search"];
const KB = 1024;

type Row = { route: string; gzip: number };

test.describe("first-load JavaScript budget", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "measured once, from the build");

  const rows: Row[] = firstLoadJs(process.env.BUILD_DIR ?? "build");

  test("the build lists every page", () => {
    expect(rows.map((row) => row.route)).toEqual(expect.arrayContaining([...BROWSING, "checkout", "cart", "login", "admin._index"]));
  });

  for (const route of BROWSING) {
    test(`browsing page ${route} ≤ 100 kB gzipped`, () => {
      const row = rows.find((r) => r.route === route);
      expect(row, route).toBeDefined();
      expect(row!.gzip / KB).toBeLessThanOrEqual(100);
    });
  }

  test("every other page ≤ 125 kB gzipped", () => {
    const over = rows.filter((row) => !BROWSING.includes(row.route) && row.gzip > 125 * KB);
    expect(over.map((row) => `${row.route}: ${(row.gzip / KB).toFixed(1)} kB`)).toEqual([]);
  });
});
