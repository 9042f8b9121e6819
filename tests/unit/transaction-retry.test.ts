import { describe, expect, it } from "vitest";
import { conflictBackoffMs, isTransactionConflict, retryOnConflict } from "~/db/transaction-retry.server";

const conflict = (code: string) => Object.assign(new Error(code), { code });
const noSleep = async () => {};

describe("retryOnConflict", () => {
  it("runs the work again after a deadlock or serialization failure, up to the retries asked for", async () => {
    for (const code of ["40P01", "40001"]) {
      let calls = 0;
      const result = await retryOnConflict(
        async () => {
          calls += 1;
          if (calls < 3) throw conflict(code);
          return "done";
        },
        { retries: 2 },
        noSleep,
      );
      expect(result).toBe("done");
      expect(calls).toBe(3);
    }
  });

  it("gives up after the last retry with the database's error", async () => {
    let calls = 0;
    const error = await retryOnConflict(() => Promise.reject(conflict("40P01")).finally(() => (calls += 1)), { retries: 3 }, noSleep).catch(
      (e: unknown) => e,
    );
    expect(calls).toBe(4);
    expect(isTransactionConflict(error)).toBe(true);
  });

  it("never repeats other errors, and runs once without retries", async () => {
    let calls = 0;
    await expect(retryOnConflict(() => Promise.reject(conflict("23505")).finally(() => (calls += 1)), { retries: 5 }, noSleep)).rejects.toThrow("23505");
    expect(calls).toBe(1);
    calls = 0;
    await expect(retryOnConflict(() => Promise.reject(conflict("40P01")).finally(() => (calls += 1)), {}, noSleep)).rejects.toThrow();
    expect(calls).toBe(1);
  });

  it("waits a jittered, growing, bounded pause between attempts", async () => {
    const pauses: number[] = [];
    let calls = 0;
    await retryOnConflict(
      async () => {
        if (++calls <= 3) throw conflict("40001");
      },
      { retries: 3 },
      async (ms) => {
        pauses.push(ms);
      },
    );
    expect(pauses).toHaveLength(3);
    expect(conflictBackoffMs(0, () => 0)).toBe(5);
    expect(conflictBackoffMs(0, () => 0.999)).toBe(15);
    expect(conflictBackoffMs(2, () => 0.5)).toBe(40);
    expect(conflictBackoffMs(20, () => 0.999)).toBeLessThanOrEqual(480);
  });

  it("knows the conflict codes only", () => {
    expect(isTransactionConflict(conflict("40P01"))).toBe(true);
    expect(isTransactionConflict(conflict("40001"))).toBe(true);
    expect(isTransactionConflict(conflict("08006"))).toBe(false);
    expect(isTransactionConflict(null)).toBe(false);
    expect(isTransactionConflict("40P01")).toBe(false);
  });
});
