import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useT } from "~/i18n/use-t";
import { ErrorState } from "./error-state";

/** A page's own words for an error: catalogue keys. */
export interface ErrorTexts {
  title: string;
  message: string;
  back?: { to: string; label: string };
}

/** Bare HTTP reason phrases ("Forbidden") say nothing the status does not: they are not shown as a message. */
const REASON_PHRASES = new Set(["Bad Request", "Unauthorized", "Forbidden", "Not Found", "Method Not Allowed", "Conflict"]);

/**
 * The text a loader or action threw with a 4xx (our routes throw their own translated message, e.g.
 * "Bestellung nicht gefunden"), or undefined.
 */
function thrownMessage(data: unknown): string | undefined {
  return typeof data === "string" && data.length > 0 && data.length < 300 && !REASON_PHRASES.has(data) ? data : undefined;
}

/**
 * Every page route's error boundary: the error state inside the page's frame (the root Layout keeps
 * the header and footer around it). A 404 shows the page's `notFound` texts when given, any other
 * client error the message its route threw, 403 "access denied", and a server error (500, 503 when
 * the database is gone) the page's `loadError` texts or the general one with a retry.
 */
export function GeneralErrorBoundary({ notFound, loadError }: { notFound?: ErrorTexts; loadError?: ErrorTexts } = {}) {
  const error = useRouteError();
  const { t } = useT();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const own = status === 404 ? notFound : status >= 500 ? loadError : undefined;
  const thrown = isRouteErrorResponse(error) && status < 500 ? thrownMessage(error.data) : undefined;
  return (
    <ErrorState
      status={status}
      title={own ? t(own.title) : undefined}
      message={own ? t(own.message) : thrown}
      back={own?.back ? { to: own.back.to, label: t(own.back.label) } : undefined}
    />
  );
}
