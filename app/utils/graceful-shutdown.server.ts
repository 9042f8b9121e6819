import type http from "node:http";
import { onHttpServerListen } from "./http-server-hooks.server";

/**
 * Graceful shutdown under remix-serve, which gives us no handle on its HTTP server: we note every
 * HTTP server that starts listening (see http-server-hooks.server.ts). On SIGTERM/SIGINT they stop accepting connections, the requests in flight finish,
 * then the shutdown hooks run (close the database, stop workers) and the process exits. PGlite
 * keeps a timer alive, so without this the process would never exit on SIGTERM at all.
 */
const servers = new Set<http.Server>();
const closed = new WeakSet<http.Server>();
const hooks: Array<() => Promise<void> | void> = [];
const GRACE_MS = Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000);

declare global {
  var __shopShutdownInstalled: boolean | undefined;
  var __shopShuttingDown: boolean | undefined;
}

/**
 * Whether SIGTERM has come: a request that still arrives on an open keep-alive connection is
 * answered with "Connection: close", so clients move on instead of keeping the process alive.
 */
export function isShuttingDown(): boolean {
  return globalThis.__shopShuttingDown === true;
}

export function onShutdown(hook: () => Promise<void> | void) {
  hooks.push(hook);
}

export function installGracefulShutdown() {
  if (globalThis.__shopShutdownInstalled) return;
  globalThis.__shopShutdownInstalled = true;
  onHttpServerListen((server) => {
    servers.add(server);
    server.once("close", () => closed.add(server));
  });

  const shutdown = async (signal: NodeJS.Signals) => {
    if (globalThis.__shopShuttingDown) return;
    globalThis.__shopShuttingDown = true;
    const force = setTimeout(() => process.exit(1), GRACE_MS);
    force.unref();
    // remix-serve closes its server on SIGTERM itself; let it go first, then close what is left.
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.all(
      [...servers].map(
        (server) =>
          new Promise<void>((resolve) => {
            if (closed.has(server)) return resolve();
            server.once("close", () => resolve());
            if (server.listening) server.close();
            server.closeIdleConnections();
          }),
      ),
    );
    for (const hook of hooks) {
      try {
        await hook();
      } catch (error) {
        console.error("Shutdown hook failed:", error);
      }
    }
    process.exit(signal === "SIGINT" ? 130 : 0);
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}
