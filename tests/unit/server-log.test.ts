import { describe, expect, it } from "vitest";
import { isConnectionError } from "~/db/database.server";
import { describeUnhandledRejection } from "../../server/log";

describe("a promise rejection nobody handled", () => {
  it("is an outage the pool recovers from when postgres-js lost a connection it was setting up", () => {
    // What postgres-js rejects its dropped array-types query with when the socket closes.
    const lost = Object.assign(new Error("write CONNECTION_CLOSED 127.0.0.1:5432"), { code: "CONNECTION_CLOSED" });
    const { level, message } = describeUnhandledRejection(lost, isConnectionError);
    expect(level).toBe("info");
    expect(message).toContain("CONNECTION_CLOSED");
    expect(message).not.toMatch(/Unhandled/);
  });

  it("is an error otherwise", () => {
    expect(describeUnhandledRejection(new TypeError("x is undefined"), isConnectionError)).toEqual({
      level: "error",
      message: "Unhandled promise rejection (the server keeps running):",
    });
    expect(describeUnhandledRejection(undefined, isConnectionError).level).toBe("error");
  });
});
