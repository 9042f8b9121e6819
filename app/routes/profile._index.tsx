import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { requireUser } from "~/auth/guards.server";
import { requestContext } from "~/services/request-context.server";
import { profileSchema } from "~/auth/schemas";
import { getProfile, upsertProfile } from "~/models/profile.server";
import { useT } from "~/i18n/use-t";
import { countryCookies } from "~/services/preference-cookies.server";
import { flashToast } from "~/utils/session.server";
import { pageMeta } from "~/utils/seo";
import { useZodForm } from "~/components/zod-form";
import { Field, SelectField, StatusButton } from "~/components/forms";
import { AccountFormBody } from "~/components/account/account-form";
import { readFormData } from "~/utils/form-data.server";
import { logActionFailure } from "~/services/action-failure.server";

const UPDATE_FAILED = "account.toast.updateFailedText";

export const meta: MetaFunction = (args) =>
  pageMeta(args, (t) => ({ title: t("account.meta.profile.title"), description: t("account.meta.profile.description"), noindex: true }));

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const profile = await getProfile(user.id);
  return {
    profile: {
      firstName: profile?.firstName ?? user.firstName,
      lastName: profile?.lastName ?? user.lastName,
      email: user.email,
      phone: profile?.phone ?? user.phone,
      country: profile?.country ?? user.country,
    },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requestContext({ request, context });
  if (!user) {
    throw redirect("/login?redirectTo=%2Fprofile", {
      headers: { "Set-Cookie": await flashToast(request, { kind: "error", title: "account.toast.noUser" }) },
    });
  }
  const submission = parseWithZod(await readFormData(request), { schema: profileSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const { firstName, lastName, phone, country } = submission.value;
  try {
    const previous = await getProfile(user.id);
    // The e-mail is the account's: whatever the form says, it is not taken from there.
    await upsertProfile({ userId: user.id, firstName, lastName, email: user.email, phone: phone ?? "", country });
    const headers = new Headers();
    headers.append("Set-Cookie", await flashToast(request, { kind: "success", title: "account.toast.profileUpdated" }));
    // A new country switches the shop's currency too (CH → CHF, otherwise EUR).
    if ((previous?.country ?? user.country) !== country) {
      for (const cookie of countryCookies(request, country)) headers.append("Set-Cookie", cookie);
    }
    return redirect("/profile", { headers });
  } catch (error) {
    logActionFailure("profile update failed", error);
    return data(submission.reply({ formErrors: [UPDATE_FAILED] }), { status: 500 });
  }
}

export default function Profile() {
  const { profile } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useT();
  const [form, fields] = useZodForm(profileSchema, { lastResult, defaultValue: profile });
  return (
    <section className="card w-full max-w-xl p-6 sm:p-8" aria-labelledby="profile-heading">
      <h2 id="profile-heading" className="text-xl font-bold">{t("account.profile.title")}</h2>
      <AccountFormBody intro={t("account.profile.intro")} form={form} errorTitle={t("account.toast.updateFailed")}>
        <Form method="post" {...getFormProps(form)} data-testid="profile-form" className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
          <Field meta={fields.firstName} label={t("account.fields.firstName")} autoComplete="given-name" required maxLength={100} />
          <Field meta={fields.lastName} label={t("account.fields.lastName")} autoComplete="family-name" required maxLength={100} />
          {/* The account e-mail is shown, not edited: the server never takes it from the form. */}
          <div className="sm:col-span-2">
            <label htmlFor="profile-email" className="label">
              {t("account.fields.email")}
            </label>
            <input
              id="profile-email"
              name="email"
              type="email"
              value={profile.email}
              readOnly
              aria-describedby="profile-email-hint"
              className="input bg-slate-100"
            />
            <p id="profile-email-hint" className="mt-1 mb-6 text-xs text-slate-600">
              {t("account.fields.emailReadOnly")}
            </p>
          </div>
          <Field meta={fields.phone} type="tel" label={t("account.fields.phone")} hint={t("account.fields.phoneHint")} autoComplete="tel" maxLength={30} />
          <SelectField
            meta={fields.country}
            label={t("account.fields.country")}
            aria-describedby={`${fields.country.id}-hint ${fields.country.errorId}`}
            options={[
              { value: "DE", label: t("account.fields.countries.DE") },
              { value: "CH", label: t("account.fields.countries.CH") },
            ]}
          />
          <p id={`${fields.country.id}-hint`} className="text-xs text-slate-600 sm:col-span-2">
            {t("account.profile.currencyHint")}
          </p>
          <StatusButton className="btn-primary sm:col-span-2" pendingLabel={t("account.profile.updating")}>
            {t("account.profile.update")}
          </StatusButton>
        </Form>
      </AccountFormBody>
    </section>
  );
}
