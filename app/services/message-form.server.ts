import { data, redirect } from "@remix-run/node";
import { isLocale } from "~/i18n/config";
import { flashToast } from "~/utils/session.server";

/**
 * The answers of the contact and support forms' actions that do not depend on the form: the
 * thank-you redirect (also given to a bot that filled the honeypot) and the rate limit's 429.
 */
export async function messageSent(request: Request, kind: "contact" | "support") {
  return redirect(sentLocation(request, `/${kind}`), {
    headers: { "Set-Cookie": await flashToast(request, { kind: "success", title: `forms.toast.${kind}Title`, description: `forms.toast.${kind}Text` }) },
  });
}

export function messageRateLimited<Reply>(submission: { reply: (options: { formErrors: string[] }) => Reply }, retryAfter: number) {
  return data(submission.reply({ formErrors: ["forms.errors.rateLimited"] }), {
    status: 429,
    headers: { "Retry-After": String(retryAfter) },
  });
}

/**
 * Where a sent form goes: its page with ?sent=1 (the thank-you state), keeping an explicit ?lng=
 * so the thank-you comes in the language the form was written in.
 */
function sentLocation(request: Request, path: string): string {
  const lng = new URL(request.url).searchParams.get("lng");
  return `${path}?sent=1${isLocale(lng) ? `&lng=${lng}` : ""}`;
}
