import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "~/components/nonce";
import { closeDatabase, databaseLocation, getDb, startDatabase } from "~/db/db.server";
import { databaseWasUnavailable, isConnectionError, resetPostgresPools, runInRequestScope } from "~/db/database.server";
import { getTranslator } from "~/i18n/catalogues.server";
import { defaultLocale, isLocale } from "~/i18n/config";
import { checkServerConfig, dataDir, isEmbedded, siteUrl } from "~/utils/env.server";
import { startMailWorker, stopMailWorker } from "~/services/mail-worker.server";
import { createPageCache, isSharedPageRequest, pageCacheConfig } from "~/utils/page-cache.server";
import { resolveVisitorValues } from "~/auth/persona.server";
import { MAX_REQUEST_BYTES } from "~/utils/media";
import "~/load-context";

// A missing or wrong setting (SITE_URL, SESSION_SECRET, COOKIE_SECURE) stops the server here, at start.
checkServerConfig();

/**
 * What the server entry (server/) takes from the app build: it is bundled on its own, so anything
 * with state of its own (the database, the catalogue generation the page cache watches) must be the
 * build's one instance, reached through here.
 */
export const serverRuntime = {
  startDatabase,
  closeDatabase,
  databaseLocation,
  /** Answers whether the database takes a trivial query (for /readyz). */
  async pingDatabase(): Promise<void> {
    const db = await getDb();
    await db.query("select 1");
  },
  runInRequestScope,
  /** Whether a start-up error means "the database cannot be reached" (retry) rather than "broken". */
  isConnectionError,
  resetDatabaseConnections: resetPostgresPools,
  startMailWorker,
  stopMailWorker,
  /** The shared page cache, also for visitors with a cart or an account (their values from their cookies). */
  createPageCache: () => createPageCache(pageCacheConfig(), { resolveVisitor: resolveVisitorValues }),
  /** Whether a request gets the page every visitor without cart or account gets (else its answer is `private, no-store`). */
  isSharedPageRequest,
  /** The translator of a language ("de" for anything unknown). */
  translator: (locale: string | undefined) => getTranslator(isLocale(locale) ? locale : defaultLocale),
  isLocale,
  dataDir,
  isEmbedded,
  siteUrl: () => siteUrl(),
  /** The largest admin upload request (all images and the video together). */
  maxUploadRequestBytes: MAX_REQUEST_BYTES,
};
export type ServerRuntime = typeof serverRuntime;

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
  headers.set("Retry-After", "5");
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
    responseHeaders.set("Retry-After", "5");
  }
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
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
