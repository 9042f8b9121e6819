/**
 * What the server entry (server/app.ts, getLoadContext) gives every loader, action and
 * entry.server.tsx. Under `remix vite:dev` or a bare `remix-serve` there is no server entry and
 * the context is empty: hence the optional field.
 */
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** This response's Content-Security-Policy nonce (a fresh one per request). */
    readonly cspNonce?: string;
  }
}

export {};
