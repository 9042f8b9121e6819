import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { staticPageData } from "~/services/static-page.server";
import { StaticPage, staticPageMeta, type StaticPageContent } from "~/components/static-page";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { ChevronDownIcon } from "~/components/icons";

interface Question {
  question: string;
  answer: string;
}

export const meta: MetaFunction<typeof loader> = (args) => staticPageMeta(args);

export function loader(args: LoaderFunctionArgs) {
  return staticPageData<StaticPageContent & { questions: Question[] }>(args, "faq");
}

/**
 * An exclusive accordion without JavaScript: <details> elements sharing name="faq" let the
 * browser keep one answer open at a time, and a click on the open question closes it.
 */
export default function FaqPage() {
  const { content } = useLoaderData<typeof loader>();
  return (
    <StaticPage content={content}>
      <div className="max-w-3xl divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white" data-testid="faq">
        {content.questions.map((item) => (
          <details key={item.question} name="faq" className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-start font-semibold hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
              <span>{item.question}</span>
              <ChevronDownIcon className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
            </summary>
            <p className="px-5 pb-5 leading-relaxed text-slate-700">{item.answer}</p>
          </details>
        ))}
      </div>
    </StaticPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
