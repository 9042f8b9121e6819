import { createStaticHandler, isRouteErrorResponse, type StaticHandlerContext } from "@remix-run/router";
import { randomBytes } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { requireUser } from "~/auth/guards.server";
import { getAuthState } from "~/auth/user.server";
import { memoizedCatalogueRead } from "~/db/catalogue-version.server";
import { databaseUnavailable, type Database } from "~/db/database.server";
import { databaseWasUnavailable, runInRequestScope, withOutageAnswer } from "~/services/outage.server";
import { commitSession, getSession } from "~/utils/session.server";
import { requestContext } from "~/services/request-context.server";

/*
 * Reads that concurrent loaders share (the signed-in session a page's root and route loaders both
 * ask for; a catalogue listing several visitors ask for at once) while the database is down: every
 * loader must get a 503 of its own. One Response thrown by two loaders is read twice by Remix's
 * router ("Body is unusable: Body has already been read") and the page answers 500.
 * Loaders run as the server entry serves them: each answers an outage through withOutageAnswer
 * (app/services/outage.server.ts); the database layer itself throws a DatabaseUnavailableError.
 */

/** A database that cannot be reached: every query throws what the Postgres layer throws then. */
const unreachable: Database = {
  kind: "postgres",
  async query() {
    // Let both loaders join the one query in flight before it fails.
    await new Promise((resolve) => setTimeout(resolve, 20));
    throw databaseUnavailable();
  },
  async exec() {
    throw databaseUnavailable();
  },
  async transaction() {
    throw databaseUnavailable();
  },
  async close() {},
};

process.env.SESSION_SECRET ??= "outage-test-secret";

afterEach(() => {
  globalThis.__shopDb = undefined;
});

async function signedInRequest(path: string): Promise<Request> {
  const session = await getSession(new Request("http://localhost/"));
  session.set("sessionToken", randomBytes(32).toString("base64url"));
  const cookie = (await commitSession(session, new Request("http://localhost/"))).split(";")[0]!;
  return new Request(`http://localhost${path}`, { headers: { Cookie: cookie } });
}

describe("a read shared by concurrent loaders while the database is down", () => {
  it("the root and page loaders of one request (both asking for the session) give a 503, not a 500", async () => {
    globalThis.__shopDb = Promise.resolve(unreachable);
    const handler = createStaticHandler([
      {
        id: "root",
        path: "/",
        hasErrorBoundary: true,
        loader: withOutageAnswer(async ({ request }) => (await getAuthState(request)).user?.id ?? null),
        children: [
          { id: "profile", path: "profile", hasErrorBoundary: true, loader: withOutageAnswer(async ({ request }) => (await requireUser(request)).id) },
        ],
      },
    ]);
    const request = await signedInRequest("/profile");
    const [context, unavailable] = await runInRequestScope(async () => [await handler.query(request), databaseWasUnavailable()] as const);
    expect(context).not.toBeInstanceOf(Response);
    const { statusCode, errors } = context as StaticHandlerContext;
    expect(Object.keys(errors ?? {}).sort()).toEqual(["profile", "root"]);
    for (const error of Object.values(errors ?? {})) {
      expect(isRouteErrorResponse(error) && error.status, String(error)).toBe(503);
    }
    expect(statusCode).toBe(503);
    expect(unavailable).toBe(true);
  });

  it("each waiter gets its own readable 503, and each waiter's request is marked as one that met the outage", async () => {
    globalThis.__shopDb = Promise.resolve(unreachable);
    const request = await signedInRequest("/profile");
    const waiters = await Promise.all(
      [0, 1, 2].map(() =>
        runInRequestScope(async () => {
          const error = await withOutageAnswer(() => requireUser(request))().catch((e: unknown) => e);
          return { error, unavailable: databaseWasUnavailable() };
        }),
      ),
    );
    const answers = waiters.map((w) => w.error as Response);
    for (const answer of answers) expect(answer).toBeInstanceOf(Response);
    expect(new Set(answers).size).toBe(answers.length);
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get("Retry-After")).toBe("5");
      expect(await answer.text()).toContain("database");
    }
    expect(waiters.map((w) => w.unavailable)).toEqual([true, true, true]);
  });

  it("a memoized catalogue read that fails gives each waiter its own 503; other errors pass as they are", async () => {
    const read = async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw databaseUnavailable();
    };
    const key = `outage-${Math.random()}`;
    const answers = (await Promise.all([0, 1].map(() => withOutageAnswer(() => memoizedCatalogueRead(key, read))().catch((e: unknown) => e)))) as Response[];
    expect(answers[0]).toBeInstanceOf(Response);
    expect(answers[0]).not.toBe(answers[1]);
    for (const answer of answers) expect(await answer.text()).toContain("database");

    const bug = new TypeError("a bug");
    const failing = () => Promise.reject(bug);
    const errors = await Promise.all([0, 1].map(() => withOutageAnswer(() => memoizedCatalogueRead(`bug-${Math.random()}`, failing))().catch((e: unknown) => e)));
    expect(errors).toEqual([bug, bug]);
  });

  it("a request that joins a read begun during the outage reads again for itself once the database is back", async () => {
    // The first request's session lookup starts while the database is still away; a second request
    // asks for the same session meanwhile, after the database has come back.
    let queries = 0;
    let back = false;
    const restarting: Database = {
      ...unreachable,
      async query<T>() {
        queries++;
        if (!back) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          throw databaseUnavailable();
        }
        return [] as T[];
      },
    };
    globalThis.__shopDb = Promise.resolve(restarting);
    const request = await signedInRequest("/profile");
    const first = runInRequestScope(() => withOutageAnswer(() => getAuthState(request))().then(() => "page", (e: unknown) => (e as Response).status));
    await new Promise((resolve) => setTimeout(resolve, 5));
    back = true;
    const second = runInRequestScope(async () => [await withOutageAnswer(() => getAuthState(request))().then((state) => state.user, (e: unknown) => e), databaseWasUnavailable()] as const);
    expect(await first).toBe(503);
    // Not the first request's outage: its own read, after the database came back (no such session: signed out).
    expect(await second).toEqual([null, false]);
    expect(queries).toBe(2);
  });

  it("the request context, which a request's loaders share, gives each of them its own 503", async () => {
    globalThis.__shopDb = Promise.resolve(unreachable);
    // Remix hands every loader of a request the same load context: the request context's key.
    const loadContext = {};
    const handler = createStaticHandler([
      {
        id: "root",
        path: "/",
        hasErrorBoundary: true,
        loader: withOutageAnswer(async ({ request }) => (await requestContext({ request, context: loadContext })).userId),
        children: [
          {
            id: "admin",
            path: "admin",
            hasErrorBoundary: true,
            loader: withOutageAnswer(async ({ request }) => (await requestContext({ request, context: loadContext })).locale),
          },
        ],
      },
    ]);
    const context = (await runInRequestScope(async () => handler.query(await signedInRequest("/admin")))) as StaticHandlerContext;
    expect(Object.keys(context.errors ?? {}).sort()).toEqual(["admin", "root"]);
    for (const error of Object.values(context.errors ?? {})) {
      expect(isRouteErrorResponse(error) && error.status, String(error)).toBe(503);
    }
    expect(context.statusCode).toBe(503);
  });
});
