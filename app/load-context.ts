import type { PersonaValues } from "~/services/request-context.server";

/**
 * What the server entry (server/index.ts, loadContext) gives every loader, action and
 * entry.server.tsx. Under `remix vite:dev` or a bare `remix-serve` there is no server entry and
 * the context is empty: hence the optional fields.
 */
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** This response's Content-Security-Policy nonce (a fresh one per request). */
    readonly cspNonce?: string;
    /**
     * Only on the shared page cache's own render of a page for a kind of visitor (app/page-cache/):
     * whose page it is. The request context (app/services/request-context.server.ts) answers user,
     * cart count and favourites from it.
     */
    readonly persona?: PersonaValues;
  }
}

export {};
