import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { confirmEmail, findEmailConfirmation } from "~/models/email-confirmation.server";
import { useT } from "~/i18n/use-t";
import { StatusButton } from "~/components/forms";
import { readFormData } from "~/utils/form-data.server";
import { flashToast } from "~/utils/session.server";
import { pageMeta } from "~/utils/seo";
import { routeMessages } from "~/i18n/catalogues.server";
import { type I18nHandle } from "~/i18n/namespaces";
import type { Messages } from "~/i18n/translate";
import { requestContext } from "~/services/request-context.server";

/**
 * The confirmation link of the sign-up e-mail (/register/confirm?token=…). Opening it (GET) changes
 * nothing — mail providers' link scanners open links too, and one of them must not confirm an
 * address that someone else registered; the page's button (POST) confirms it.
 */
type View = { state: "form"; email: string; token: string } | { state: "invalid" };

export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("account.meta.confirmEmail.title"), description: t("account.meta.confirmEmail.description"), noindex: true }));

export const handle = { i18n: ["account"] } satisfies I18nHandle;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const pending = await findEmailConfirmation(token);
  const messages = routeMessages((await requestContext({ request, context })).locale, handle);
  if (!pending) return data<View & { messages: Messages }>({ state: "invalid", messages }, { status: 404 });
  return data<View & { messages: Messages }>({ state: "form", email: pending.email, token: token!, messages });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const confirmed = await confirmEmail(form.get("token"));
  if (!confirmed) return data<View>({ state: "invalid" }, { status: 404 });
  const toast = { kind: "success", title: "account.toast.emailConfirmedTitle", description: "account.toast.emailConfirmedText" } as const;
  // Signed in already: back to the shop; otherwise on to sign in.
  const target = (await requestContext({ request, context })).userId ? "/" : "/login";
  return redirect(target, { headers: { "Set-Cookie": await flashToast(request, toast) } });
}

export default function ConfirmEmail() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useT();
  const view: View = actionData ?? loaderData;
  return (
    <div className="container-page max-w-2xl py-12" data-testid="confirm-email" data-state={view.state}>
      {view.state === "form" ? (
        <>
          <h1 className="text-3xl font-extrabold">{t("account.confirmEmail.title")}</h1>
          <p className="mt-3 text-slate-700">{t("account.confirmEmail.text", { email: view.email })}</p>
          <Form method="post" className="mt-6">
            <input type="hidden" name="token" value={view.token} />
            <StatusButton className="btn-primary">{t("account.confirmEmail.submit")}</StatusButton>
          </Form>
        </>
      ) : (
        <div role="alert" className="card border-red-300 bg-red-50 p-6">
          <h1 className="text-2xl font-bold text-red-900">{t("account.confirmEmail.invalidTitle")}</h1>
          <p className="mt-2 text-red-900">{t("account.confirmEmail.invalidText")}</p>
        </div>
      )}
      <p className="mt-6">
        <Link to="/" className="text-brand-700 underline">
          {t("account.confirmEmail.home")}
        </Link>
      </p>
    </div>
  );
}
