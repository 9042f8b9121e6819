/**
 * The header through which the server entry hands the client's address to the app (Remix gives
 * loaders and actions no socket). The server (server/app.ts) sets it on every request, replacing
 * anything a client sent under this name: the connection's peer address, or — only with
 * TRUST_PROXY=true, behind a proxy that sets it — the first X-Forwarded-For entry.
 */
export const CLIENT_ADDRESS_HEADER = "x-shop-client-address";

/**
 * The client's address, as the server entry noted it. Outside the server (tests calling actions
 * directly) it has not run and the forwarded header is used as given.
 */
export function clientAddress(request: Request): string {
  return (
    request.headers.get(CLIENT_ADDRESS_HEADER) ??
    request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ??
    "unknown"
  );
}
