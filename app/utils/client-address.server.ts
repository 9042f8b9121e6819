/**
 * The header through which the request guard hands the client's address to the app: remix-serve
 * does not expose the socket to loaders and actions. Any value a client sends under this name is
 * replaced by the guard.
 */
export const CLIENT_ADDRESS_HEADER = "x-shop-client-address";

/**
 * The client's address, as the request guard noted it (the socket's peer, or the proxy's
 * X-Forwarded-For with TRUST_PROXY=true). Outside the server (tests calling actions directly) the
 * guard has not run and the forwarded header is used as given.
 */
export function clientAddress(request: Request): string {
  return (
    request.headers.get(CLIENT_ADDRESS_HEADER) ??
    request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ??
    "unknown"
  );
}
