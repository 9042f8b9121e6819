import http from "node:http";

/**
 * remix-serve creates and starts its HTTP server itself and offers no hooks. The server build is
 * imported before remix-serve calls listen(), so the build can note every HTTP server that
 * starts listening and adjust it (graceful shutdown, the cross-site request guard).
 */
type ListenHook = (server: http.Server) => void;
const hooks: ListenHook[] = [];

declare global {
  var __shopListenPatched: boolean | undefined;
}

export function onHttpServerListen(hook: ListenHook) {
  hooks.push(hook);
  if (globalThis.__shopListenPatched) return;
  globalThis.__shopListenPatched = true;
  const listen = http.Server.prototype.listen;
  http.Server.prototype.listen = function patchedListen(this: http.Server, ...args: unknown[]) {
    for (const run of hooks) run(this);
    return (listen as (...a: unknown[]) => http.Server).apply(this, args);
  } as typeof listen;
}
