import { createContext, useContext } from "react";

/**
 * The Content-Security-Policy nonce of this response, for the inline scripts Remix renders
 * (`<Scripts nonce>`, `<ScrollRestoration nonce>`). The server entry makes one per request
 * (load context → entry.server.tsx); in the browser there is none and none is needed.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
