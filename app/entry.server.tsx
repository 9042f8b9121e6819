import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server.browser";
import { NonceContext } from "~/components/nonce";
import { databaseWasUnavailable, OUTAGE_RETRY_AFTER } from "~/services/outage.server";
import "~/load-context";

// What the server entry (server/) takes from the app build lives in its own module; the build
// hands it over as an export of this entry.
export { serverRuntime, type ServerRuntime } from "./server-runtime.server";

export const streamTimeout = 5_000;

/**
 * A 5xx given while the database could not be reached is a 503 with Retry-After, whatever the route
 * made of the error: several actions catch every error to show a form message and answer 500, which
 * would tell clients and load balancers "broken" instead of "try again shortly".
 */
function isOutage(status: number): boolean {
  return status >= 500 && databaseWasUnavailable();
}

export function handleDataRequest(response: Response): Response {
  if (!isOutage(response.status)) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", OUTAGE_RETRY_AFTER);
  return new Response(response.body, { status: 503, headers });
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  // Aborted requests are the browser going away, not errors of ours.
  if (request.signal.aborted) return;
  console.error(error);
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  if (isOutage(responseStatusCode)) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", OUTAGE_RETRY_AFTER);
  }
  const waitForAll = isbot(request.headers.get("user-agent") ?? "");
  let shellRendered = false;
  // React 18's Node renderer (renderToPipeableStream) sends a whole 2 048-byte buffer when a
  // multi-byte character does not fit at its end, unwritten zero bytes included (NUL in the page:
  // react-dom-server.node writeStringChunk, facebook/react#24985, fixed only in React 19). Its Web
  // Streams renderer encodes each string whole and copies bytes, so it is the one used here.
  // Stops what is still rendering after the timeout; never once all is rendered (React would
  // close the finished stream a second time and report that as an error).
  const aborter = new AbortController();
  const timer = setTimeout(() => aborter.abort(), streamTimeout + 1000);
  const stream = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
    </NonceContext.Provider>,
    {
      nonce,
      signal: aborter.signal,
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    },
  ).catch((error: unknown) => {
    clearTimeout(timer);
    throw error;
  });
  stream.allReady.then(
    () => clearTimeout(timer),
    () => clearTimeout(timer),
  );
  if (waitForAll) await stream.allReady;
  shellRendered = true;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(stream.pipeThrough(joinFlushes()), { headers: responseHeaders, status: responseStatusCode });
}

/**
 * The Web Streams renderer hands over each flush as many pieces of 512 bytes or less, and Remix's
 * Express adapter flushes compression() after every piece: joined per flush (the pieces React
 * enqueues in one go, handed on in the next turn of the event loop), the page still streams and
 * compresses as well as before.
 */
function joinFlushes(): TransformStream<Uint8Array, Uint8Array> {
  let pieces: Uint8Array[] = [];
  let timer: NodeJS.Immediate | undefined;
  const hand = (controller: TransformStreamDefaultController<Uint8Array>) => {
    timer = undefined;
    if (pieces.length === 0) return;
    const joined = pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces);
    pieces = [];
    try {
      controller.enqueue(joined);
    } catch {
      // The reader went away (the visitor closed the page): nothing to hand on.
    }
  };
  return new TransformStream({
    transform(piece, controller) {
      pieces.push(piece);
      timer ??= setImmediate(hand, controller);
    },
    flush(controller) {
      if (timer) clearImmediate(timer);
      hand(controller);
    },
  });
}
