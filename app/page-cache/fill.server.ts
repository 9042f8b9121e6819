import { randomBytes } from "node:crypto";
import type http from "node:http";
import { header } from "~/utils/node-headers.server";
import { FILL_TIMEOUT_MS, MAX_PAGE_BYTES } from "./config.server";
import { withoutPersonalCookies } from "./key.server";
import type { Persona } from "./persona.server";

/**
 * Filling a miss: the page is rendered in this process by the app's own request handler (Remix's,
 * as the server entry wires it), from a Fetch Request made of the visitor's request, so it is
 * rendered by exactly the same code as for everyone else, without passing the server's middleware
 * a second time.
 */

/** What the server makes the render's load context of, as for any request (server/index.ts). */
export interface FillContext {
  /** The render's own Content-Security-Policy nonce: each answer later gets one of its own in its place. */
  cspNonce: string;
  /** The kind of visitor the page is for; null for the page of visitors without cart or account. */
  persona: Persona | null;
}

/** The app's request handler, called in-process with a fill's load context. */
export type PageRender = (request: Request, fill: FillContext) => Promise<Response>;

export type RenderedAnswer = {
  status: number;
  /** Lower-case names; `set-cookie` as a list. */
  headers: Record<string, string | string[]>;
  body: Buffer;
  /** The nonce the page was rendered with, when its body uses it (an HTML page's inline scripts). */
  nonce?: string;
};

/**
 * The visitor's request headers a render must not see: they would change the body (compression,
 * conditional requests) or belong to the connection. The cookie is passed without the personal
 * ones. Everything else is the visitor's own, with the client's address the server noted
 * (CLIENT_ADDRESS_HEADER: rate limits and the GeoIP currency count the visitor, never the cache).
 */
const NOT_FORWARDED = new Set(["accept-encoding", "connection", "keep-alive", "content-length", "transfer-encoding", "if-none-match", "if-modified-since", "upgrade", "cookie"]);

/** The GET request the render answers: the address the app would see for the visitor, their headers. */
export function fillRequest(req: http.IncomingMessage, url: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || NOT_FORWARDED.has(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const cookie = withoutPersonalCookies(header(req, "cookie"));
  if (cookie) headers.set("cookie", cookie);
  return new Request(url, { method: "GET", headers, signal });
}

/** Renders the page for `req` (as `persona`, if given) and reads the whole answer, within FILL_TIMEOUT_MS. */
export async function renderPage(render: PageRender, req: http.IncomingMessage, url: string, persona: Persona | null, timeoutMs = FILL_TIMEOUT_MS): Promise<RenderedAnswer> {
  const cspNonce = randomBytes(16).toString("base64");
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error("page cache fill timed out")), timeoutMs);
  try {
    const rendering = render(fillRequest(req, url, controller.signal), { cspNonce, persona });
    const response = await untilAborted(rendering, controller.signal);
    const body = await readBody(response, controller.signal);
    return {
      status: response.status,
      headers: headersOf(response),
      body,
      ...(body.includes(cspNonce, 0, "latin1") ? { nonce: cspNonce } : {}),
    };
  } finally {
    clearTimeout(timer);
  }
}

/** The answer, or the abort's reason (an answer that comes after that is dropped unread). */
function untilAborted(rendering: Promise<Response>, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    rendering.then(
      (response) => {
        signal.removeEventListener("abort", onAbort);
        if (signal.aborted) void response.body?.cancel().catch(() => undefined);
        resolve(response);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

async function readBody(response: Response, signal: AbortSignal): Promise<Buffer> {
  if (signal.aborted) throw signal.reason;
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const onAbort = () => void reader.cancel(signal.reason).catch(() => undefined);
  signal.addEventListener("abort", onAbort, { once: true });
  try {
    const chunks: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    if (signal.aborted) throw signal.reason;
    return Buffer.concat(chunks);
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}

function headersOf(response: Response): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  return headers;
}

/** Whether a rendered answer may be kept and shown to every visitor of its kind. */
export function isShareable(answer: RenderedAnswer): boolean {
  if (answer.status !== 200 || answer.headers["set-cookie"] !== undefined) return false;
  if (answer.body.byteLength > MAX_PAGE_BYTES) return false;
  const cacheControl = String(answer.headers["cache-control"] ?? "").toLowerCase();
  if (/no-store|private/.test(cacheControl)) return false;
  const type = String(answer.headers["content-type"] ?? "");
  return type.startsWith("text/html") || type.startsWith("text/x-script");
}
