import { describe, expect, it } from "vitest";
import { isCrossSiteWrite } from "~/utils/cross-site-guard.server";

describe("isCrossSiteWrite", () => {
  it("refuses a POST from another site", () => {
    expect(isCrossSiteWrite("POST", "https://evil.example", "shop.example")).toBe(true);
  });
  it("refuses an opaque origin and a malformed one", () => {
    expect(isCrossSiteWrite("POST", "null", "shop.example")).toBe(true);
    expect(isCrossSiteWrite("POST", "not a url", "shop.example")).toBe(true);
  });
  it("refuses a write with an origin but no host to compare it to", () => {
    expect(isCrossSiteWrite("DELETE", "https://shop.example", undefined)).toBe(true);
  });
  it("allows our own origin, including the port", () => {
    expect(isCrossSiteWrite("POST", "http://localhost:3000", "localhost:3000")).toBe(false);
    expect(isCrossSiteWrite("POST", "http://localhost:3001", "localhost:3000")).toBe(true);
  });
  it("leaves reads and requests without an Origin header to the routes", () => {
    expect(isCrossSiteWrite("GET", "https://evil.example", "shop.example")).toBe(false);
    expect(isCrossSiteWrite("POST", undefined, "shop.example")).toBe(false);
  });
});
