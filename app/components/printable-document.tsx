import { Link } from "@remix-run/react";
import { Fragment, type ReactNode } from "react";
import type { Locale } from "~/i18n/config";

/**
 * The frame of an order's printable documents (invoice, cancellation invoice, credit note, the
 * packer's delivery note): the document in its own language and direction, the back and print
 * buttons (not printed), and its letterhead — the seller on one side, the title and the document's
 * facts (number, date, order…) on the other. The document's body is `children`.
 */

/** One of the facts under a document's title; `code`: an identifier, monospaced and left to right (`bold`: the document's own number). */
export interface DocumentFact {
  label: string;
  value: string;
  code?: boolean;
  bold?: boolean;
  testId?: string;
}

export interface DocumentSeller {
  name: string;
  street: string;
  postalCode: string;
  city: string;
}

export function PrintableDocument({
  lang,
  dir,
  testId,
  kind,
  back,
  printLabel,
  seller,
  sellerLines = [],
  sellerTestId,
  title,
  facts,
  children,
}: {
  lang: Locale;
  dir: "ltr" | "rtl";
  testId: string;
  /** The document's kind, as data-kind (the ST/GS page: cancellation invoice or credit note). */
  kind?: string;
  back: { to: string; label: string };
  printLabel: string;
  seller: DocumentSeller;
  /** Lines of the seller's block after its address (country, VAT id, e-mail). */
  sellerLines?: ReactNode[];
  sellerTestId?: string;
  title: string;
  facts: DocumentFact[];
  children: ReactNode;
}) {
  return (
    <article lang={lang} dir={dir} className="container-page max-w-4xl py-8 print:max-w-none print:p-0" data-testid={testId} data-kind={kind}>
      <div className="mb-6 flex flex-wrap gap-3 print:hidden">
        <Link to={back.to} className="btn-secondary">
          {back.label}
        </Link>
        <button type="button" className="btn-primary" onClick={() => window.print()}>
          {printLabel}
        </button>
      </div>
      <header className="flex flex-wrap items-start justify-between gap-6">
        <div data-testid={sellerTestId}>
          <p className="text-xl font-bold">{seller.name}</p>
          <p className="text-sm leading-relaxed">
            {seller.street}
            <br />
            <bdi>{seller.postalCode}</bdi> {seller.city}
            {sellerLines.map((line, index) => (
              <Fragment key={index}>
                <br />
                {line}
              </Fragment>
            ))}
          </p>
        </div>
        <div className="text-end">
          <h1 className="text-3xl font-bold">{title}</h1>
          <dl className="mt-2 grid grid-cols-[auto_auto] gap-x-3 text-sm">
            {facts.map((fact) => (
              <Fragment key={fact.label}>
                <dt className="text-slate-600">{fact.label}</dt>
                <dd className={[fact.code ? "font-mono" : "", fact.bold ? "font-semibold" : ""].join(" ").trim() || undefined} dir={fact.code ? "ltr" : undefined} data-testid={fact.testId}>
                  {fact.value}
                </dd>
              </Fragment>
            ))}
          </dl>
        </div>
      </header>
      {children}
    </article>
  );
}
