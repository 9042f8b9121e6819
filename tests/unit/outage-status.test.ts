import { describe, expect, it } from "vitest";
import { databaseUnavailable, runInRequestScope } from "~/db/database.server";
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
