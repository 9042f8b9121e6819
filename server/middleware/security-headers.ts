import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";
import { env } from "../../app/utils/env.server";

export interface CspSources {
  /** Other origins images and videos may come from (a Supabase project's storage). */
  media: string[];
}

/**
 * The Content-Security-Policy of every answer. Scripts: our own files, and inline scripts only with
 * this response's nonce (Remix's context and module scripts, ScrollRestoration, React's streaming
 * scripts) — no 'unsafe-inline' for scripts. Styles: our stylesheet plus style attributes (a few
 * components set colours inline). No plugins, no framing, forms post only to us.
 */
export function contentSecurityPolicy(nonce: string, sources: CspSources = { media: [] }): string {
  const media = sources.media.join(" ");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${media ? ` ${media}` : ""}`,
    `media-src 'self' blob:${media ? ` ${media}` : ""}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The origin of SUPABASE_URL (public storage URLs live under it), or nothing. */
export function mediaSources(supabaseUrl: string | undefined = env().SUPABASE_URL): CspSources {
  try {
    return { media: supabaseUrl ? [new URL(supabaseUrl).origin] : [] };
  } catch {
    return { media: [] };
  }
}

const HSTS = "max-age=31536000; includeSubDomains";

/**
 * Security headers on every answer, and a fresh CSP nonce per request (res.locals.cspNonce, handed
 * to the app through the load context). HSTS only when the request came over HTTPS — directly, or
 * per X-Forwarded-Proto from a trusted proxy (Express's req.secure follows `trust proxy`): sent
 * over plain HTTP it would be ignored anyway, and a shop opened by its LAN address must keep
 * working.
 */
export function securityHeaders(sources: CspSources): RequestHandler {
  return (req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, sources));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (req.secure) res.setHeader("Strict-Transport-Security", HSTS);
    next();
  };
}
