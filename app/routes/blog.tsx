import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { staticPageData } from "~/services/static-page.server";
import { StaticPage, staticPageMeta, type StaticPageContent } from "~/components/static-page";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

interface Post {
  category: string;
  date: string;
  /** ISO date for <time dateTime>. */
  isoDate: string;
  readingTime: string;
  title: string;
  excerpt: string;
}

export const meta: MetaFunction<typeof loader> = (args) => staticPageMeta(args);

export function loader(args: LoaderFunctionArgs) {
  return staticPageData<StaticPageContent & { posts: Post[] }>(args, "blog");
}

/** Three teaser cards; the articles themselves are not published, so the cards do not link. */
export default function BlogPage() {
  const { content } = useLoaderData<typeof loader>();
  return (
    <StaticPage
      content={content}
      before={
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="blog-posts">
          {content.posts.map((post) => (
            <li key={post.title} className="card flex flex-col p-6">
              <article className="flex flex-1 flex-col">
                <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">{post.category}</p>
                <h2 className="mt-2 text-xl font-bold">{post.title}</h2>
                <p className="mt-3 flex-1 leading-relaxed text-slate-600">{post.excerpt}</p>
                <p className="mt-4 flex flex-wrap gap-x-3 text-sm text-slate-500">
                  <time dateTime={post.isoDate}>{post.date}</time>
                  <span aria-hidden="true">·</span>
                  <span>{post.readingTime}</span>
                </p>
              </article>
            </li>
          ))}
        </ul>
      }
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
