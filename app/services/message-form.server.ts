import { data, redirect } from "@remix-run/node";
import { sentLocation } from "~/components/message-form";
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
