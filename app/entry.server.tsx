import { Transform } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
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

export default function handleRequest(
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
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Stops what is still rendering after the timeout; never once all is rendered.
    let timer: NodeJS.Timeout | undefined;
    const ready = () => {
      shellRendered = true;
      const body = withoutNulBytes();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) ready();
        },
        onAllReady() {
          clearTimeout(timer);
          if (waitForAll) ready();
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    timer = setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * The page as React's Node renderer writes it, without zero bytes: React 18 sends its whole
 * 2 048-byte buffer when a multi-byte character does not fit at its end, the unwritten zero bytes
 * included (react-dom-server.node writeStringChunk, facebook/react#24985, fixed only in React 19);
 * 166 of 3 408 pages had a NUL (tests/e2e/nul-bytes.spec.ts). A zero byte is never part of another
 * character in UTF-8 and never meant in a page, so dropping them gives exactly the page. (React's
 * Web Streams renderer has no such bug but cost uncached pages a quarter more CPU.)
 */
function withoutNulBytes(): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (chunk.indexOf(0) === -1) return done(null, chunk);
      const kept = Buffer.allocUnsafe(chunk.length);
      let length = 0;
      for (let from = 0; from < chunk.length; ) {
        const zero = chunk.indexOf(0, from);
        const end = zero === -1 ? chunk.length : zero;
        length += chunk.copy(kept, length, from, end);
        from = end + 1;
      }
      done(null, kept.subarray(0, length));
    },
  });
}
