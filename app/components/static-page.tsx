import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { pageMeta } from "~/utils/seo";

/**
 * The static information pages (/about, /shipping, /faq, …) share one layout: a heading, an
 * introduction and sections of paragraphs, lists and fact tables. Their texts live in the
 * server-only catalogue namespace "pages" (app/locales/{locale}/pages.json), handed over by each
 * page's loader (staticPageData(args, "<page>") of app/services/static-page.server.ts).
 */
export interface StaticFact {
  label: string;
  value: string;
}

export interface StaticSection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
  facts?: StaticFact[];
}

export interface StaticPageContent {
  meta: { title: string; description: string; keywords?: string };
  title: string;
  intro: string;
  /** "Stand: Januar 2026" on legal texts. */
  updated?: string;
  sections?: StaticSection[];
  /** Page-specific parts (FAQ questions, blog posts, contact boxes) by name. */
  [extra: string]: unknown;
}

interface StaticMetaArgs {
  data: unknown;
  matches: ReadonlyArray<{ id: string; data: unknown } | undefined>;
  location: { pathname: string };
}

/** The page's head from the texts its loader sent (title, description, keywords). */
export function staticPageMeta(args: StaticMetaArgs) {
  const content = (args.data as { content?: StaticPageContent } | undefined)?.content;
  return pageMeta(args, (t) => ({
    title: content?.meta.title ?? t("common.brand"),
    description: content?.meta.description ?? t("common.footer.tagline"),
    keywords: content?.meta.keywords,
  }));
}

export function FactList({ facts }: { facts: StaticFact[] }) {
  return (
    <dl className="mb-4 divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
      {facts.map((fact) => (
        <div key={fact.label} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:justify-between sm:gap-4">
          <dt className="font-medium text-slate-800">{fact.label}</dt>
          <dd className="font-semibold text-ink sm:text-end">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Sections({ sections }: { sections: StaticSection[] }) {
  return (
    <>
      {sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs?.map((paragraph, index) => <p key={index}>{paragraph}</p>)}
          {section.facts?.length ? <FactList facts={section.facts} /> : null}
          {section.items?.length ? (
            <ul>
              {section.items.map((item, index) => (
                <li key={index}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </>
  );
}

/** Heading, introduction, then `before` (forms, boxes), the text sections, then `children`. */
export function StaticPage({
  content,
  before,
  children,
}: {
  content: StaticPageContent;
  before?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="container-page py-8 sm:py-12">
      <header className="mb-8">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{content.title}</h1>
        <p className="mt-3 max-w-3xl text-lg text-slate-600">{content.intro}</p>
        {content.updated ? <p className="mt-2 text-sm text-slate-500">{content.updated}</p> : null}
      </header>
      {before}
      {content.sections?.length ? (
        <div className="prose-page max-w-3xl">
          <Sections sections={content.sections} />
        </div>
      ) : null}
      {children}
    </div>
  );
}

/** The page of a route that shows its texts and nothing more (/about, /terms, …): its default export. */
export function StaticPageRoute() {
  const { content } = useLoaderData<{ content: StaticPageContent }>();
  return <StaticPage content={content} />;
}
