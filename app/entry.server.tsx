import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server.browser";
import { NonceContext } from "~/components/nonce";
import { closeDatabase, databaseLocation, getDb, startDatabase } from "~/db/db.server";
import { databaseWasUnavailable, isConnectionError, resetPostgresPools, runInRequestScope } from "~/db/database.server";
import { getTranslator } from "~/i18n/catalogues.server";
import { defaultLocale, isLocale } from "~/i18n/config";
import { checkServerConfig, dataDir, isEmbedded, siteUrl } from "~/utils/env.server";
import { startMailWorker, stopMailWorker } from "~/services/mail-worker.server";
import { createPageCache, isSharedPageRequest, pageCacheConfig, type PageRender } from "~/page-cache/index.server";
import { resolveVisitorValues } from "~/page-cache/visitor.server";
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
  /**
   * The shared page cache, also for visitors with a cart or an account (their values from their
   * cookies); `render` is the app's request handler, which renders a miss in-process.
   */
  createPageCache: (render: PageRender) => createPageCache(pageCacheConfig(), { render, resolveVisitor: resolveVisitorValues }),
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
    responseHeaders.set("Retry-After", "5");
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
