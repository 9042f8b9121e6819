import type { ServerBuild } from "@remix-run/node";
import { afterEach, describe, expect, it, vi } from "vitest";
import { databaseUnavailable, DatabaseUnavailableError, isDatabaseUnavailable } from "~/db/database.server";
import { getDb } from "~/db/db.server";
import { logActionFailure } from "~/services/action-failure.server";
import { runInRequestScope, withOutageAnswers } from "~/services/outage.server";
import { handleDataRequest } from "~/entry.server";

describe("an answer given while the database was unreachable", () => {
  it("is a 503 with Retry-After, even when the route caught the error and answered 500", async () => {
    const answer = await runInRequestScope(async () => {
      // What the database layer throws, caught by a route's catch-all…
      void databaseUnavailable();
      // …which then answers with a form message and 500.
      return handleDataRequest(new Response("form error", { status: 500, headers: { "Content-Type": "text/x-script" } }));
    });
    expect(answer.status).toBe(503);
    expect(answer.headers.get("Retry-After")).toBe("5");
    expect(answer.headers.get("Content-Type")).toBe("text/x-script");
    expect(await answer.text()).toBe("form error");
  });

  it("stays as it is when the database was there, or for answers below 500", async () => {
    const untouched = await runInRequestScope(async () => handleDataRequest(new Response("bug", { status: 500 })));
    expect(untouched.status).toBe(500);
    const invalid = await runInRequestScope(async () => {
      void databaseUnavailable();
      return handleDataRequest(new Response("invalid", { status: 400 }));
    });
    expect(invalid.status).toBe(400);
  });
});

describe("the database layer and the request layer during an outage", () => {
  afterEach(() => {
    globalThis.__shopDb = undefined;
  });

  it("the database layer throws a plain DatabaseUnavailableError, no HTTP answer", async () => {
    // A database that cannot be reached at start: getDb() tells so, and tries again next time.
    globalThis.__shopDb = Promise.reject(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }));
    globalThis.__shopDb.catch(() => {});
    const error = await getDb().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect(error).not.toBeInstanceOf(Response);
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isDatabaseUnavailable(new Error("a bug"))).toBe(false);
  });

  it("every loader and action of the build the server entry serves answers it with a 503 of its own; anything else passes as it is", async () => {
    const bug = new TypeError("a bug");
    const Page = () => null;
    const build = {
      entry: { module: {} },
      routes: {
        root: { id: "root", path: "", module: { default: Page, loader: async () => { throw databaseUnavailable(); }, handle: { i18n: ["common"] } } },
        "routes/cart": {
          id: "routes/cart",
          parentId: "root",
          path: "cart",
          module: { default: Page, loader: async () => ({ lines: 2 }), action: async () => { throw bug; } },
        },
        "routes/about": { id: "routes/about", parentId: "root", path: "about", module: { default: Page } },
      },
    } as unknown as ServerBuild;
    const served = withOutageAnswers(build);
    const args = { request: new Request("http://localhost/cart"), params: {}, context: {} };
    /** What a loader or action gave: its value, or what it threw. */
    const outcome = (handler: ((a: typeof args) => unknown) | undefined) => Promise.resolve().then(() => handler!(args)).catch((e: unknown) => e);
    const root = served.routes.root!.module;
    const [first, second] = await runInRequestScope(async () => [await outcome(root.loader), await outcome(root.loader)]);
    for (const answer of [first, second] as Response[]) {
      expect(answer).toBeInstanceOf(Response);
      expect(answer.status).toBe(503);
      expect(answer.headers.get("Retry-After")).toBe("5");
      expect(await answer.text()).toContain("database");
    }
    expect(first).not.toBe(second);
    expect(root.default).toBe(Page);
    expect(root.handle).toEqual({ i18n: ["common"] });
    const cart = served.routes["routes/cart"]!.module;
    expect(await outcome(cart.loader)).toEqual({ lines: 2 });
    expect(await outcome(cart.action)).toBe(bug);
    expect(served.routes["routes/about"]!.module.loader).toBeUndefined();
    expect(served.entry).toBe(build.entry);
    // The build as loaded is left as it is.
    expect(build.routes.root!.module.loader).not.toBe(root.loader);
  });

  it("an action's catch-all does not log the outage (the database layer logs it, once per period), but logs anything else", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    logActionFailure("login failed unexpectedly", databaseUnavailable());
    expect(logged).not.toHaveBeenCalled();
    const bug = new TypeError("a bug");
    logActionFailure("login failed unexpectedly", bug);
    expect(logged).toHaveBeenCalledWith("login failed unexpectedly", bug);
  });
});
