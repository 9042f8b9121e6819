import { Form, Outlet } from "@remix-run/react";
import type { ReactNode } from "react";
import { useT } from "~/i18n/use-t";
import { AccountNav } from "~/components/account/account-nav";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";

/**
 * The account layout: the frame every account page shares (heading, the account navigation, the
 * sign-out button) around the page's own route in <Outlet/>. The frame needs no data, so the layout
 * has no loader: every child (/profile, /profile/orders, /profile/orders/{id}, …) checks requireUser
 * in its own loader and action. Its error boundary is the account area's one: a child's error
 * (an order that is not the customer's) shows inside the frame.
 */
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
            <button type="submit" className="btn-secondary md:w-full">
              {t("account.profile.signOut")}
            </button>
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
