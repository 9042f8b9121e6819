import { randomBytes } from "node:crypto";
import type http from "node:http";
import { header, headersWithout } from "~/utils/node-headers.server";
import { CONNECTION_HEADERS, matchesEtag, nonceOf, preferredEncoding, withNonce, withScriptHashes } from "./encoding.server";
import type { RenderedAnswer } from "./fill.server";
import { substituteUser, type VisitorValues } from "./persona.server";
import type { CachedPage } from "./store.server";

/** Sending a kept page (or a render that was not kept) to one visitor. */

export type Outcome = "hit" | "miss";

/**
 * This answer's own nonce: the one its Content-Security-Policy already carries (the server's
 * security headers make one per request), else a new one.
 */
function answerNonce(res: http.ServerResponse): string {
  return nonceOf(res.getHeader("content-security-policy")) ?? randomBytes(16).toString("base64");
}

/**
 * A kept page: compressed as the client accepts, or 304 when it has it. `values` for a visitor of a
 * kind (cart, account): never kept by anything between us and them, and with their own strings.
 */
export function send(req: http.IncomingMessage, res: http.ServerResponse, page: CachedPage, outcome: Outcome, values?: VisitorValues) {
  if (page.scriptHashes !== undefined) {
    // The page's scripts are allowed by their hashes: the header's nonce (nothing in the kept body has it) goes.
    const csp = res.getHeader("content-security-policy");
    if (typeof csp === "string") res.setHeader("content-security-policy", withScriptHashes(csp, page.scriptHashes));
  }
  if (values) {
    page = { ...page, headers: { ...page.headers, "cache-control": "private, no-cache" } };
    if (values.user) return sendPersonalized(res, page, outcome, values.user);
  }
  const notModified = matchesEtag(header(req, "if-none-match"), page.etag);
  if (page.nonce) {
    // The body differs per answer by its nonce only: a weak validator. A browser revalidating keeps
    // its copy with that copy's own header (a new nonce in a 304's header would not match its body).
    const etag = `W/${page.etag}`;
    if (notModified) {
      res.removeHeader("content-security-policy");
      const { "content-security-policy": _csp, ...headers } = page.headers;
      res.writeHead(304, { ...headers, Vary: "Accept-Encoding", ETag: etag, "X-Page-Cache": outcome });
      return res.end();
    }
    return sendPersonalized(res, page, outcome, null, { Vary: "Accept-Encoding", ETag: etag });
  }
  const encoding = preferredEncoding(header(req, "accept-encoding"));
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
  res.writeHead(notModified ? 304 : 200, {
    ...page.headers,
    ...(encoding && !notModified ? { "Content-Encoding": encoding } : {}),
    ...(notModified ? {} : { "Content-Length": body.byteLength }),
    Vary: "Accept-Encoding",
    ETag: page.etag,
    "X-Page-Cache": outcome,
  });
  res.end(notModified ? undefined : body);
}

/**
 * Sends the page with this answer's own nonce and the signed-in visitor's own strings put in
 * (uncompressed here: the server's compression() compresses it).
 */
function sendPersonalized(
  res: http.ServerResponse,
  page: CachedPage,
  outcome: Outcome,
  user: VisitorValues["user"],
  extraHeaders: Record<string, string> = {},
) {
  page.text ??= page.identity.toString("utf8");
  let headers = page.headers;
  let text = page.text;
  if (page.nonce) ({ headers, body: text } = withNonce(headers, text, page.nonce, answerNonce(res)));
  if (user) text = substituteUser(text, user);
  const body = Buffer.from(text, "utf8");
  res.writeHead(200, { ...headers, ...extraHeaders, "Content-Length": body.byteLength, "X-Page-Cache": outcome });
  res.end(body);
}

/** Sends a rendered answer that is not kept, as it came (uncompressed: it is not a shared page), with a nonce of its own. */
export function relay(res: http.ServerResponse, answer: RenderedAnswer) {
  let headers = headersWithout(answer.headers, CONNECTION_HEADERS);
  let body = answer.body;
  if (answer.nonce) {
    // Requests that waited for this render get it too: each with its own nonce.
    const fresh = withNonce(headers, body.toString("utf8"), answer.nonce, answerNonce(res));
    headers = fresh.headers;
    body = Buffer.from(fresh.body, "utf8");
  }
  res.writeHead(answer.status, { ...headers, "content-length": body.byteLength });
  res.end(body);
}
