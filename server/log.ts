/**
 * The server's log: one line per event on stdout (errors on stderr), plain text or — with
 * LOG_FORMAT=json — one JSON object per line for log collectors.
 */
export interface AccessEntry {
  method: string;
  path: string;
  status: number;
  ms: number;
  /** X-Page-Cache of the answer (hit/miss), when the shared page cache answered. */
  cache?: string;
}

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, error?: unknown): void;
  access(entry: AccessEntry): void;
}

type Write = (line: string) => void;

function describeError(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

export function createLogger(
  format: "text" | "json",
  out: Write = (line) => process.stdout.write(`${line}\n`),
  err: Write = (line) => process.stderr.write(`${line}\n`),
): Logger {
  if (format === "json") {
    const line = (level: string, fields: Record<string, unknown>) => JSON.stringify({ time: new Date().toISOString(), level, ...fields });
    return {
      info: (message, fields = {}) => out(line("info", { msg: message, ...fields })),
      error: (message, error) => err(line("error", { msg: message, ...(error === undefined ? {} : { error: describeError(error) }) })),
      access: (entry) => out(line("info", { msg: "request", ...entry })),
    };
  }
  return {
    info: (message, fields) => out(fields && Object.keys(fields).length > 0 ? `${message} ${JSON.stringify(fields)}` : message),
    error: (message, error) => err(error === undefined ? message : `${message} ${describeError(error)}`),
    access: ({ method, path, status, ms, cache }) => out(`${method} ${path} ${status} ${ms.toFixed(1)} ms${cache ? ` cache=${cache}` : ""}`),
  };
}

/**
 * How a promise rejection nobody handled is logged. postgres-js fetches the array types on every
 * new connection and drops that promise (porsager/postgres#1192, #1223): a connection lost right
 * then — a database restarting — rejects it with nobody to catch it. That is an outage the pool
 * recovers from by itself (the queries waiting on the connection fail on their own, as 503s), not a
 * bug of ours: it is logged as such. Anything else is an error.
 */
export function describeUnhandledRejection(
  reason: unknown,
  isConnectionError: (error: unknown) => boolean,
): { level: "info" | "error"; message: string } {
  if (isConnectionError(reason)) {
    return {
      level: "info",
      message: `Database connection lost while the driver was setting it up (postgres-js drops that promise); the server keeps running and connects afresh: ${String((reason as Error).message ?? reason)}`,
    };
  }
  return { level: "error", message: "Unhandled promise rejection (the server keeps running):" };
}
