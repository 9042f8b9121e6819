import type { AddressInfo } from "node:net";
import http from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { metricsMiddleware, reachedApp, routeMatcher, type RouteEntry } from "../../server/metrics";
import { noteDatabaseAnswered, noteDatabaseError, shopMetrics } from "~/utils/metrics.server";

/** The Remix manifest's shape for a few of the shop's routes (flat files, as the build has them). */
const routes: Record<string, RouteEntry> = {
  root: { id: "root", path: "" },
  "routes/_index": { id: "routes/_index", parentId: "root", index: true },
  "routes/products.$id": { id: "routes/products.$id", parentId: "root", path: "products/:id" },
  "routes/products._index": { id: "routes/products._index", parentId: "root", path: "products", index: true },
  "routes/admin": { id: "routes/admin", parentId: "root", path: "admin" },
  "routes/admin.orders.$id": { id: "routes/admin.orders.$id", parentId: "routes/admin", path: "orders/:id" },
  "routes/admin.orders._index": { id: "routes/admin.orders._index", parentId: "routes/admin", path: "orders", index: true },
  "routes/robots[.]txt": { id: "routes/robots[.]txt", parentId: "root", path: "robots.txt" },
  "routes/$": { id: "routes/$", parentId: "root", path: "*" },
};

/**
 * Prometheus text format, parsed: every sample line `name{labels} value` into { name, labels,
 * value }; HELP/TYPE lines checked to come before their samples.
 */
function parseMetrics(text: string) {
  const samples: Array<{ name: string; labels: Record<string, string>; value: number }> = [];
  const types = new Map<string, string>();
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (line.startsWith("# HELP ")) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!;
    const base = match[1]!.replace(/_(bucket|sum|count)$/, "");
    if (!types.has(match[1]!) && !types.has(base)) throw new Error(`sample before its TYPE: ${line}`);
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return { samples, types };
}

describe("route patterns for the request histogram", () => {
  const match = routeMatcher(routes);
  it("names the route pattern, never the id or the query", () => {
    expect(match("/products/0b0d3b1e-1111-4222-8333-444455556666")).toBe("/products/:id");
    expect(match("/products/another-id")).toBe("/products/:id");
    expect(match("/products")).toBe("/products");
    expect(match("/")).toBe("/");
    expect(match("/admin/orders/abc")).toBe("/admin/orders/:id");
    expect(match("/admin/orders")).toBe("/admin/orders");
    expect(match("/robots.txt")).toBe("/robots.txt");
    expect(match("/no/such/page")).toBe("/*");
  });
});

describe("/metrics", () => {
  let server: http.Server;
  let base: string;
  let token: string | undefined;

  beforeAll(async () => {
    const app = express();
    app.use(metricsMiddleware({ metrics: shopMetrics, token: () => token, match: routeMatcher(routes) }));
    app.get("/static.css", (_req, res) => res.send("body{}"));
    app.use(reachedApp);
    app.get("/cached/:id", (_req, res) => res.set("X-Page-Cache", "hit").send("kept"));
    app.all("*", (_req, res) => res.status(404).send("Not found (the shop's 404 page)"));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const scrape = () => fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${token}` } });

  it("is the shop's 404 without METRICS_TOKEN, and 401 without the right bearer token", async () => {
    token = undefined;
    const none = await fetch(`${base}/metrics`);
    expect(none.status).toBe(404);
    expect(await none.text()).toContain("the shop's 404 page");
    token = "s3cret-metrics-token";
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${base}/metrics`, { headers: { Authorization: "Bearer nope" } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expect((await fetch(`${base}/metrics`, { headers: { Authorization: "Basic czNjcmV0LW1ldHJpY3MtdG9rZW4=" } })).status).toBe(401);
    const ok = await scrape();
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it("parses as Prometheus text, with one route label for three product pages, page-cache hits, database errors and outages, process metrics", async () => {
    token = "s3cret-metrics-token";
    for (const id of ["a1", "b2", "c3"]) expect((await fetch(`${base}/products/${id}?ref=${id}`)).status).toBe(404);
    await fetch(`${base}/products/a1.data`);
    await fetch(`${base}/cached/1`);
    await fetch(`${base}/static.css`);
    noteDatabaseError("query");
    noteDatabaseError("unavailable");
    noteDatabaseError("unavailable"); // the same outage
    noteDatabaseAnswered();
    noteDatabaseError("unavailable"); // a second outage
    const { samples, types } = parseMetrics(await (await scrape()).text());
    expect(types.get("http_request_duration_seconds")).toBe("histogram");
    const counts = samples.filter((s) => s.name === "http_request_duration_seconds_count");
    const productRoutes = new Set(counts.filter((s) => s.labels.route?.startsWith("/products")).map((s) => s.labels.route));
    expect([...productRoutes]).toEqual(["/products/:id"]);
    expect(counts.find((s) => s.labels.route === "/products/:id" && s.labels.status === "404")?.value).toBe(4);
    expect(counts.some((s) => /a1|b2|c3|ref=/.test(JSON.stringify(s.labels)))).toBe(false);
    expect(counts.find((s) => s.labels.route === "(static)")?.value).toBe(1);
    expect(samples.find((s) => s.name === "shop_page_cache_requests_total" && s.labels.outcome === "hit")?.value).toBeGreaterThanOrEqual(1);
    expect(samples.find((s) => s.name === "shop_database_errors_total" && s.labels.kind === "unavailable")?.value).toBe(3);
    expect(samples.find((s) => s.name === "shop_database_errors_total" && s.labels.kind === "query")?.value).toBe(1);
    expect(samples.find((s) => s.name === "shop_database_outages_total")?.value).toBe(2);
    expect(samples.some((s) => s.name === "process_resident_memory_bytes")).toBe(true);
    expect(samples.some((s) => s.name === "nodejs_eventloop_lag_seconds")).toBe(true);
  });
});
