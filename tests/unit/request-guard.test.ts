import { describe, expect, it } from "vitest";
import { clientAddressOf, isCrossSiteWrite, refuseMalformedPath } from "~/utils/request-guard.server";

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

describe("clientAddressOf", () => {
  it("counts the connection's address and ignores X-Forwarded-For without a trusted proxy", () => {
    expect(clientAddressOf("203.0.113.7", "198.51.100.1", false)).toBe("203.0.113.7");
  });
  it("takes the first X-Forwarded-For entry behind a trusted proxy", () => {
    expect(clientAddressOf("10.0.0.2", "198.51.100.1, 10.0.0.2", true)).toBe("198.51.100.1");
    expect(clientAddressOf("10.0.0.2", undefined, true)).toBe("10.0.0.2");
  });
});

describe("refuseMalformedPath", () => {
  it("refuses a path that is not valid percent-encoding", () => {
    expect(refuseMalformedPath("/products/%E0%A4%A")).toBe(400);
    expect(refuseMalformedPath("/%")).toBe(400);
  });
  it("lets valid paths through, whatever the query says", () => {
    expect(refuseMalformedPath("/products/caf%C3%A9")).toBeNull();
    expect(refuseMalformedPath("/search?q=%E0%A4%A")).toBeNull();
    expect(refuseMalformedPath("/")).toBeNull();
  });
});
