import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import { headersWithout } from "~/utils/node-headers.server";
import type { RenderedAnswer } from "./fill.server";
import { mentionsPersonaToken } from "./persona.server";
import type { CachedPage } from "./store.server";

/** Compression, validators and script permissions: a rendered answer made into a kept page, and what a client accepts. */

/** Headers of a rendered answer that belong to one response, not to the page. */
export const CONNECTION_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "date", "vary", "etag"]);

/** The best encoding the client accepts among those kept: brotli, gzip, or none. */
export function preferredEncoding(acceptEncoding: string | undefined): "br" | "gzip" | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q ? Number(q.slice(2)) : 1;
    accepted.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string) => accepted.get(name) ?? accepted.get("*") ?? 0;
  if (weightOf("br") > 0 && weightOf("br") >= weightOf("gzip")) return "br";
  if (weightOf("gzip") > 0) return "gzip";
  return null;
}

/** Whether an If-None-Match header names this ETag (weak or strong). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  return ifNoneMatch?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag) ?? false;
}

const NONCE_SOURCE = /'nonce-([A-Za-z0-9+/_=-]{16,})'/;

/** The script nonce of a Content-Security-Policy header, if it has one. */
export function nonceOf(csp: unknown): string | undefined {
  return typeof csp === "string" ? NONCE_SOURCE.exec(csp)?.[1] : undefined;
}

/** A page's headers and body with `nonce` in place of the one it was rendered with. */
export function withNonce(headers: Record<string, string | string[]>, body: string, rendered: string, nonce: string) {
  const csp = headers["content-security-policy"];
  return {
    headers: typeof csp === "string" ? { ...headers, "content-security-policy": csp.split(rendered).join(nonce) } : headers,
    body: body.split(rendered).join(nonce),
  };
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/**
 * A kept page's scripts allowed by their hashes instead of the render's nonce: the body without the
 * nonce attributes (the same bytes for every visitor, so compressed once and sent as kept) and the
 * CSP sources (`'sha256-…'`) that allow exactly the inline scripts the render gave its nonce. A
 * nonce shared by every visitor of a kept page would let anyone who read it run their own script;
 * a hash allows nothing but that very script. The browser hashes a script's text as it parsed it:
 * line breaks normalised to LF.
 */
export function hashScripts(body: string, nonce: string): { body: string; sources: string } {
  const attribute = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of body.matchAll(INLINE_SCRIPT)) {
    if (!attributes.includes(attribute) || /\ssrc\s*=/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(text.replace(/\r\n?/g, "\n"), "utf8").digest("base64")}'`);
  }
  return { body: body.split(attribute).join(""), sources: [...hashes].join(" ") };
}

/** A Content-Security-Policy with `sources` (script hashes) in place of its script nonce. */
export function withScriptHashes(csp: string, sources: string): string {
  return csp.replace(/\s*'nonce-[^']*'/, sources ? ` ${sources}` : "");
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * How a kept page's scripts are allowed: by their hashes, so that every answer is the kept bytes;
 * by a nonce of each answer's own when a signed-in visitor's strings are put in per answer (they
 * change the scripts' text, so a hash made now would not match).
 */
function scriptPermission(answer: RenderedAnswer): { body: Buffer } & Pick<CachedPage, "nonce" | "scriptHashes"> {
  if (!answer.nonce) return { body: answer.body };
  const text = answer.body.toString("utf8");
  if (mentionsPersonaToken(text)) return { body: answer.body, nonce: answer.nonce };
  const hashed = hashScripts(text, answer.nonce);
  return { body: Buffer.from(hashed.body, "utf8"), scriptHashes: hashed.sources };
}

/** A rendered answer as a kept page: compressed once (off the main thread), with a strong ETag of its body. */
export async function pageFromAnswer(answer: RenderedAnswer, expires: number, generation: number): Promise<CachedPage> {
  const headers = headersWithout(answer.headers, CONNECTION_HEADERS);
  const { body, ...permission } = scriptPermission(answer);
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(body, { level: 9 }),
    brotliAsync(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    }),
  ]);
  const etag = `"${createHash("sha1").update(body).digest("base64url").slice(0, 27)}"`;
  return {
    kind: "page",
    headers,
    identity: body,
    gzip: gzipped,
    br: brotli,
    etag,
    expires,
    generation,
    size: body.byteLength + gzipped.byteLength + brotli.byteLength + 512,
    ...permission,
  };
}
