import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import { headersWithout } from "~/utils/node-headers.server";
import type { RenderedAnswer } from "./fill.server";
import type { CachedPage } from "./store.server";

/** Compression, validators and nonces: a rendered answer made into a kept page, and what a client accepts. */

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

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** A rendered answer as a kept page: compressed once (off the main thread), with a strong ETag of its body. */
export async function pageFromAnswer(answer: RenderedAnswer, expires: number, generation: number): Promise<CachedPage> {
  const headers = headersWithout(answer.headers, CONNECTION_HEADERS);
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(answer.body, { level: 9 }),
    brotliAsync(answer.body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: answer.body.byteLength,
      },
    }),
  ]);
  const etag = `"${createHash("sha1").update(answer.body).digest("base64url").slice(0, 27)}"`;
  return {
    kind: "page",
    headers,
    identity: answer.body,
    gzip: gzipped,
    br: brotli,
    etag,
    expires,
    generation,
    size: answer.body.byteLength + gzipped.byteLength + brotli.byteLength + 512,
    ...(answer.nonce ? { nonce: answer.nonce } : {}),
  };
}
