import { isDatabaseUnavailable } from "~/db/database.server";

/**
 * The page cache's failures, logged once per run of them: a database outage makes every personal
 * request fail alike (70 requests in 8 s), so the first failure is logged as one plain line, the
 * rest are counted, and the first success after them logs that the cache works again.
 */
export function failureLog(log: (message: string) => void = console.error) {
  let run: { since: number; count: number } | null = null;
  return {
    failed(error: unknown) {
      if (run) {
        run.count += 1;
        return;
      }
      run = { since: Date.now(), count: 1 };
      log(`Page cache: ${describeFailure(error)}; requests pass through uncached until it works again`);
    },
    succeeded() {
      if (!run) return;
      const seconds = ((Date.now() - run.since) / 1000).toFixed(1);
      log(`Page cache: working again after ${run.count} failed request${run.count === 1 ? "" : "s"} in ${seconds} s`);
      run = null;
    },
  };
}

/** One line for what went wrong: the database away (its requests answer 503), a thrown answer by its status, an error by its message. */
export function describeFailure(error: unknown): string {
  if (isDatabaseUnavailable(error)) return "answer 503 (database unavailable)";
  if (error instanceof Response) return `answer ${error.status}${error.status === 503 ? " (database unavailable)" : ""}`;
  if (error instanceof Error) return `${error.name}: ${error.message}`.replace(/\s+/g, " ").slice(0, 300);
  return String(error).replace(/\s+/g, " ").slice(0, 300);
}
