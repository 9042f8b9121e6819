import { Link, useLocation } from "@remix-run/react";
import { useT } from "~/i18n/use-t";
import { catalogueHref } from "~/utils/catalogue-params";

/**
 * The page links of any paginated list (catalogue, account orders, admin tables): links, so they
 * work without JavaScript, keeping the list's other parameters.
 */
export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const { t } = useT();
  const location = useLocation();
  if (pageCount <= 1) return null;
  const current = new URLSearchParams(location.search);
  const href = (target: number) => catalogueHref(location.pathname, current, { page: target === 1 ? null : target });
  const pages = Array.from(new Set([1, page - 1, page, page + 1, pageCount])).filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  return (
    <nav aria-label={t("common.pagination.label")} className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} className="btn-secondary" rel="prev">
          {t("common.pagination.previous")}
        </Link>
      ) : null}
      {pages.map((p, index) => (
        <span key={p} className="flex items-center gap-2">
          {index > 0 && p - (pages[index - 1] ?? p) > 1 ? <span aria-hidden="true">…</span> : null}
          <Link
            to={href(p)}
            aria-current={p === page ? "page" : undefined}
            aria-label={t("common.pagination.page", { page: p, pages: pageCount })}
            className={`grid h-10 min-w-10 place-items-center rounded-lg border px-2 text-sm font-semibold ${
              p === page ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white hover:bg-slate-100"
            }`}
          >
            {p}
          </Link>
        </span>
      ))}
      {page < pageCount ? (
        <Link to={href(page + 1)} className="btn-secondary" rel="next">
          {t("common.pagination.next")}
        </Link>
      ) : null}
    </nav>
  );
}
