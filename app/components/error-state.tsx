import { Link, isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useT } from "~/i18n/use-t";

/**
 * What a page shows when its loader failed: a not-found text for 404, the reason given by the answer
 * for 400, the spec's load error with a retry for anything else (503 when the database is unreachable).
 */
export function ErrorState({
  status,
  title,
  message,
  back,
}: {
  status: number;
  title?: string;
  message?: string;
  /** Where a not-found page leads back to (the home page unless given). */
  back?: { to: string; label: string };
}) {
  const { t } = useT();
  const error = useRouteError();
  const notFound = status === 404;
  // 403: signed in but not allowed (e.g. a customer opening /admin); reloading would not help.
  const forbidden = status === 403;
  // 400: the request itself was wrong; the answer's text (in the visitor's language) says why, and
  // it replaces the page's own load-error texts, which would blame the shop.
  const badRequest = status === 400;
  const reason = badRequest && isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : undefined;
  const defaultTitle = notFound ? t("common.notFound.title") : forbidden ? t("common.error.forbidden") : t("common.error.title");
  const defaultMessage = notFound
    ? t("common.notFound.message")
    : forbidden
      ? t("common.error.forbiddenMessage")
      : t("common.error.message");
  return (
    <div className="container-page py-20 text-center" data-testid="error-state" data-status={status}>
      <p className="text-5xl font-black text-brand-700">{status}</p>
      <h1 className="mt-4 text-2xl font-bold">{badRequest ? t("common.error.badRequest") : (title ?? defaultTitle)}</h1>
      <p className="mx-auto mt-3 max-w-lg text-slate-600">{badRequest ? (reason ?? t("common.error.badRequest")) : (message ?? defaultMessage)}</p>
      <div className="mt-8 flex justify-center gap-3">
        {notFound || forbidden || badRequest ? null : (
          // A plain link to the same address reloads the page, with or without JavaScript.
          <a href="" className="btn-primary" onClick={(event) => { event.preventDefault(); window.location.reload(); }}>
            {t("common.error.retry")}
          </a>
        )}
        {back ? (
          <Link to={back.to} className={notFound ? "btn-primary" : "btn-secondary"}>
            {back.label}
          </Link>
        ) : null}
        <Link to="/" className={notFound && !back ? "btn-primary" : "btn-secondary"}>
          {t("common.notFound.home")}
        </Link>
      </div>
    </div>
  );
}
