import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/utils/redirect";

describe("safeRedirect", () => {
  it.each([
    ["/cart", "/cart"],
    ["/cart?step=2#top", "/cart?step=2#top"],
    ["/products/../cart", "/cart"],
    ["/a/./b", "/a/b"],
    ["/search?q=%2F%2Fevil.example", "/search?q=%2F%2Fevil.example"],
    ["/%5C%5Cevil.example", "/%5C%5Cevil.example"],
    ["/über", "/%C3%BCber"],
  ])("keeps the same-site path %s (as %s)", (to, expected) => {
    expect(safeRedirect(to)).toBe(expected);
  });

  it.each([
    // The attack run's variants and their relatives.
    "/./\\evil.example",
    "/..//evil.example",
    "/.//evil.example",
    "/x/../..//evil.example",
    "/%2e%2e//evil.example",
    "/%2E/%2Fevil.example/..//evil.example",
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/\u0000/evil.example",
    "https://evil.example",
    "https:evil.example",
    "http:/evil.example",
    "javascript:alert(1)",
    "evil.example",
    " /cart",
    "",
  ])("refuses %j", (to) => {
    expect(safeRedirect(to, "/fallback")).toBe("/fallback");
  });

  it("refuses what is not text", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined, "/x")).toBe("/x");
    expect(safeRedirect(new File([], "a") as unknown as FormDataEntryValue)).toBe("/");
  });
});
