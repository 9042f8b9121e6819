import { PassThrough } from "node:stream";
import type { EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { getDb } from "~/db/db.server";
import { applySecurityHeaders } from "~/utils/security-headers.server";
import { startMailWorker } from "~/utils/mail-worker.server";
import { installGracefulShutdown } from "~/utils/graceful-shutdown.server";
import { installRequestGuard } from "~/utils/request-guard.server";

// Before remix-serve starts listening: SIGTERM then finishes requests in flight before exiting.
installGracefulShutdown();
// Notes each client's address for rate limits; cross-site form posts get a 403 page instead of
// Remix's bare 500.
installRequestGuard();

// Open (and on first start create, migrate and seed) the database when the server starts, not on
// the first request. A failure here is retried by the first request that needs the database.
getDb().catch((error: unknown) => console.error("Database not ready at start:", error));
// Sends the e-mail outbox over SMTP when SMTP_URL is set (once per process, never under tests).
startMailWorker();

export const streamTimeout = 5_000;

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
) {
  applySecurityHeaders(responseHeaders);
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} />,
      {
        [readyEvent]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
