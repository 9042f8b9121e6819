import { afterEach, describe, expect, it, vi } from "vitest";
import { guard } from "~/db/database.server";

/*
 * What the operator reads in the log during outages (app/db/database.server.ts, logOutage): the
 * first failure of each outage with its cause, then at most a line per 10 s, and a line when the
 * database answers again — also for a second outage soon after the first.
 */
describe("the outage log", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("announces each outage, counts its failures, says when the database answers again, and stays quiet when it flaps", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-26T12:00:00Z"), toFake: ["Date"] });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const infos = vi.spyOn(console, "info").mockImplementation(() => {});
    const lines = () => [...errors.mock.calls, ...infos.mock.calls].map((call) => call.map(String).join(" "));
    const fail = () =>
      guard(() => Promise.reject(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).catch((e: unknown) => e);
    const answer = () => guard(() => Promise.resolve("ok"));
    const at = (ms: number) => vi.setSystemTime(new Date(Date.parse("2026-11-26T12:00:00Z") + ms));

    // The first outage: its first failure with the cause, the next ones counted in silence.
    expect((await fail()) as Error).toMatchObject({ name: "DatabaseUnavailableError" });
    at(2_000);
    await fail();
    await fail();
    expect(errors.mock.calls).toHaveLength(1);
    expect(lines()[0]).toContain("Database unreachable (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:5432): answering 503; 1 failed query since the last such line");
    // Ten seconds on: one line with the count.
    at(11_000);
    await fail();
    expect(errors.mock.calls).toHaveLength(2);
    expect(lines()[1]).toContain("answering 503; 3 failed queries since the last such line");
    // The database answers: said once.
    at(12_000);
    await answer();
    await answer();
    expect(infos.mock.calls.map(String)).toEqual(["Database answering again (0 failed queries since the last outage line)"]);
    // A second outage three seconds later is announced at once (before: only 10 s after the last line).
    at(15_000);
    await fail();
    expect(errors.mock.calls).toHaveLength(3);
    expect(String(errors.mock.calls[2])).toContain("1 failed query since the last such line");
    // A database that comes and goes (a restart): no more than a line a second.
    at(15_200);
    await answer();
    at(15_400);
    await fail();
    await answer();
    at(15_600);
    await fail();
    expect(errors.mock.calls).toHaveLength(3);
    expect(infos.mock.calls).toHaveLength(2);
    at(16_100);
    await answer();
    await fail();
    expect(errors.mock.calls).toHaveLength(4);
    expect(String(errors.mock.calls[3])).toContain("3 failed queries since the last such line");
  });
});
