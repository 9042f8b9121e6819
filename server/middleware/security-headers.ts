import { randomFillSync } from "node:crypto";
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
 * Nonces of 16 random bytes, base64: taken from a buffer of random bytes filled 512 nonces at a
 * time (one call into the system's random source for 512 answers instead of one per answer; the
 * bytes are as unpredictable, and none is handed out twice).
 */
export function nonceSource(batch = 512): () => string {
  const pool = Buffer.alloc(16 * batch);
  let next = pool.length;
  return () => {
    if (next === pool.length) {
      randomFillSync(pool);
      next = 0;
    }
    next += 16;
    return pool.toString("base64", next - 16, next);
  };
}

/**
 * Security headers on every answer, and a fresh CSP nonce per request (res.locals.cspNonce, handed
 * to the app through the load context). HSTS only when the request came over HTTPS — directly, or
 * per X-Forwarded-Proto from a trusted proxy (Express's req.secure follows `trust proxy`): sent
 * over plain HTTP it would be ignored anyway, and a shop opened by its LAN address must keep
 * working.
 */
export function securityHeaders(sources: CspSources): RequestHandler {
  const nonce = nonceSource();
  // The policy around its nonce, built once.
  const [before, after] = contentSecurityPolicy("\u0000", sources).split("\u0000") as [string, string];
  return (req, res, next) => {
    const answerNonce = nonce();
    res.locals.cspNonce = answerNonce;
    res.setHeader("Content-Security-Policy", before + answerNonce + after);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (req.secure) res.setHeader("Strict-Transport-Security", HSTS);
    next();
  };
}
