import { data, redirect } from "@remix-run/node";
import { isLocale } from "~/i18n/config";
import { flashToast } from "~/utils/session.server";
import { shortened } from "~/utils/text";

/**
 * The answers of the contact, support and barrier-report forms' actions that do not depend on the
 * form: the thank-you redirect (also given to a bot that filled the honeypot) and the rate limit's 429.
 */
export async function messageSent(request: Request, kind: "contact" | "support" | "accessibility") {
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

/** contact_messages.subject holds at most this many characters (its check constraint). */
const SUBJECT_MAX = 200;

/**
 * The subject under which a barrier report (/accessibility) is stored as a contact message: the admin
 * recognises it in the inbox by its "Barriere: " beginning (German, the shop's working language),
 * followed by the page the sender named (the form keeps that short; cut here should it not be).
 */
export function barrierReportSubject(page: string | undefined): string {
  const prefix = "Barriere: ";
  return prefix + (page ? shortened(page, SUBJECT_MAX - prefix.length) : "ohne Seitenangabe");
}
