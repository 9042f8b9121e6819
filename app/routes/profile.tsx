import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Outlet } from "@remix-run/react";
import type { ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import { AccountNav } from "~/components/account/account-nav";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { StatusButton } from "~/components/forms";
import { requestContext } from "~/services/request-context.server";
import { routeMessages } from "~/i18n/catalogues.server";
import type { I18nHandle } from "~/i18n/namespaces";

/**
 * The account layout: the frame every account page shares (heading, the account navigation, the
 * sign-out button) around the page's own route in <Outlet/>. Its loader sends only the account
 * area's texts, no data of the customer's: every child (/profile, /profile/orders,
 * /profile/orders/{id}, …) checks requireUser in its own loader and action. Its error boundary is
 * the account area's one: a child's error (an order that is not the customer's) shows inside the
 * frame.
 */
export const handle = { i18n: ["account", "myaccount", "password", "privacy", "order", "checkout", "pricing", "catalogue", "withdrawal.list", "documents.list"] } satisfies I18nHandle;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return { messages: routeMessages((await requestContext({ request, context })).locale, handle) };
}

function AccountFrame({ children }: { children: ReactNode }) {
  const { t } = useT();
  return (
    <div className="container-page py-8" data-testid="account-frame">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("myaccount.layout.title")}</h1>
      <div className="mt-6 grid gap-6 md:grid-cols-[12rem_1fr]">
        <aside className="flex flex-col gap-4">
          <AccountNav />
          <Form method="post" action="/logout">
            <input type="hidden" name="redirectTo" value="/" />
            <StatusButton className="btn-secondary md:w-full">{t("account.profile.signOut")}</StatusButton>
          </Form>
        </aside>
        <div className="min-w-0">{children}</div>
      </div>
    </div>
  );
}

export default function AccountLayout() {
  return (
    <AccountFrame>
      <Outlet />
    </AccountFrame>
  );
}

export function ErrorBoundary() {
  return (
    <AccountFrame>
      <GeneralErrorBoundary />
    </AccountFrame>
  );
}
