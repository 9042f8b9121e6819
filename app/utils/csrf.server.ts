import { siteUrl } from "./env.server";

/**
 * State-changing requests must come from our own pages: the Origin header (or, without it, the
 * Referer) has to name this site. Together with SameSite=Lax cookies and "no GET changes data"
 * this stops cross-site form posts. A request with neither header (curl, old proxies) is allowed,
 * since a browser always sends Origin on a cross-site POST.
 */
export function requireSameOrigin(request: Request) {
  const source = request.headers.get("Origin") ?? request.headers.get("Referer");
  if (!source || source === "null") {
    if (source === "null") throw forbidden();
    return;
  }
  let origin: string;
  try {
    origin = new URL(source).origin;
  } catch {
    throw forbidden();
  }
  const allowed = new Set([new URL(request.url).origin, new URL(siteUrl(request)).origin]);
  const host = request.headers.get("X-Forwarded-Host") ?? request.headers.get("Host");
  if (host) {
    const proto = request.headers.get("X-Forwarded-Proto") ?? new URL(request.url).protocol.replace(":", "");
    allowed.add(`${proto}://${host}`);
  }
  if (!allowed.has(origin)) throw forbidden();
}

function forbidden() {
  return new Response("Forbidden: cross-site request refused.", {
    status: 403,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
