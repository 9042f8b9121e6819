import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { staticPageData } from "~/services/static-page.server";
import { StaticPage, staticPageMeta, type StaticPageContent } from "~/components/static-page";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { seller } from "~/utils/shop-details.server";

export const meta: MetaFunction<typeof loader> = (args) => staticPageMeta(args);

/** The seller's name, address and e-mail in the withdrawal instructions and the model form come from the Impressum's data. */
function withSeller<T>(value: T): T {
  if (typeof value === "string") {
    const vars: Record<string, string> = { name: seller.name, street: seller.street, postalCode: seller.postalCode, city: seller.city, email: seller.email };
    return value.replace(/\{\{(\w+)\}\}/g, (match, key: string) => vars[key] ?? match) as T;
  }
  if (Array.isArray(value)) return value.map(withSeller) as T;
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withSeller(item)])) as T;
  return value;
}

export async function loader(args: LoaderFunctionArgs) {
  const { content } = await staticPageData<StaticPageContent & { withdrawalBox: { text: string; link: string } }>(args, "returns");
  return { content: withSeller(content) };
}

export default function ReturnsPage() {
  const { content } = useLoaderData<typeof loader>();
  return (
    <StaticPage
      content={content}
      before={
        <div className="card mb-8 flex max-w-3xl flex-col items-start gap-4 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="withdrawal-box">
          <p className="min-w-0 flex-1">{content.withdrawalBox.text}</p>
          <Link to="/withdrawal" className="btn-primary" data-testid="withdrawal-link">
            {content.withdrawalBox.link}
          </Link>
        </div>
      }
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
