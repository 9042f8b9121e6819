import { AsyncLocalStorage } from "node:async_hooks";
import type { ServerBuild } from "@remix-run/node";
import { isDatabaseUnavailable, onDatabaseUnavailable } from "~/db/database.server";

/*
 * What a request answers while the database cannot be reached. The database layer only throws a
 * DatabaseUnavailableError (app/db/database.server.ts); here it becomes the HTTP answer: a 503 with
 * Retry-After, thrown like any Remix response so that every route's error boundary shows its
 * load-error state (in the visitor's language) instead of hanging or crashing.
 */

/** Seconds a client is asked to wait before trying again. */
export const OUTAGE_RETRY_AFTER = "5";

/** Per request (entered by the server entry): whether the database could not be reached while answering it. */
const requestScope = new AsyncLocalStorage<{ databaseUnavailable: boolean }>();

/** Runs one request's work in its own scope, so that databaseWasUnavailable() can tell about this request. */
export function runInRequestScope<T>(work: () => T): T {
  return requestScope.run({ databaseUnavailable: false }, work);
}

function noteOutage() {
  const scope = requestScope.getStore();
  if (scope) scope.databaseUnavailable = true;
}

// A query that finds the database away marks the request it was made for, even when the route then
// catches the error itself (see databaseWasUnavailable).
onDatabaseUnavailable(noteOutage);

/**
 * Whether the database could not be reached while this request was answered. Routes that catch
 * every error to show a friendly form message (login, checkout…) also catch the outage and answer
 * 500: entry.server.tsx turns such an answer into the 503 it is.
 */
export function databaseWasUnavailable(): boolean {
  return requestScope.getStore()?.databaseUnavailable === true;
}

/**
 * The answer when the database is gone: HTTP 503 with Retry-After. A new one each time: Remix reads
 * a thrown Response once per loader that throws it, and one Response thrown by two loaders (a
 * page's root and route loaders sharing a read) fails the second read and makes the page a 500.
 */
export function outageAnswer(): Response {
  noteOutage();
  return new Response("Service unavailable: the database cannot be reached.", {
    status: 503,
    headers: { "Retry-After": OUTAGE_RETRY_AFTER, "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** A loader or action (or any request's work) that answers a database outage with outageAnswer(). */
export function withOutageAnswer<Args extends unknown[], R>(handler: (...args: Args) => R | Promise<R>): (...args: Args) => Promise<R> {
  return async (...args) => {
    try {
      return await handler(...args);
    } catch (error) {
      throw isDatabaseUnavailable(error) ? outageAnswer() : error;
    }
  };
}

/**
 * The app's build with every route's loader and action answering a database outage with the 503
 * (withOutageAnswer): the server entry serves this build. One place for every route, as the origin
 * check is: no route makes the 503 itself.
 */
export function withOutageAnswers(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const { loader, action } = route.module;
    routes[id] = {
      ...route,
      module: {
        ...route.module,
        ...(loader ? { loader: withOutageAnswer(loader) } : {}),
        ...(action ? { action: withOutageAnswer(action) } : {}),
      },
    };
  }
  return { ...build, routes };
}
