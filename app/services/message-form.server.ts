import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { isLocale, type Locale } from "~/i18n/config";
import { hitRateLimit } from "~/models/rate-limit.server";
import { HONEYPOT_FIELD } from "~/utils/honeypot";
import { clientAddress } from "~/utils/client-address.server";
import { readFormData } from "~/utils/form-data.server";
import { flashToast } from "~/utils/session.server";
import { shortened } from "~/utils/text";
import { requestContext } from "./request-context.server";

type MessageKind = "contact" | "support" | "accessibility";

/** Messages per client address and window, each form its own counter: enough for a person, too few for a spammer. */
export const MESSAGE_RATE_LIMIT = { limit: 5, windowSeconds: 600 } as const;

export interface MessageForm<Schema extends z.ZodTypeAny> {
  kind: MessageKind;
  schema: Schema;
  /** Messages per client address and window (each form its own counter); MESSAGE_RATE_LIMIT unless told. */
  rateLimit?: { limit: number; windowSeconds: number };
  /**
   * Stores the message (the sender's language and account given: a signed-in sender's message is
   * linked to their account, a typed address links nothing), or answers with field errors.
   */
  store: (value: z.output<Schema>, sender: { locale: Locale; userId: string | null }) => Promise<void | { fieldErrors: Record<string, string[]> }>;
}

/**
 * The action of the contact, support and barrier-report forms: a filled honeypot is a bot (it gets
 * a person's answer, nothing is stored); invalid fields 400; the address's rate limit (counted before
 * anything is looked up, so nothing can be guessed at speed) 429; then the message is stored and
 * the sender sent to the thank-you state.
 */
export async function submitMessageForm<Schema extends z.ZodTypeAny>({ request, context }: ActionFunctionArgs, form: MessageForm<Schema>) {
  const formData = await readFormData(request);
  if (String(formData.get(HONEYPOT_FIELD) ?? "") !== "") return messageSent(request, form.kind);

  const submission = parseWithZod(formData, { schema: form.schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const rateLimit = form.rateLimit ?? MESSAGE_RATE_LIMIT;
  const limit = await hitRateLimit(`${form.kind}:${clientAddress(request)}`, rateLimit.limit, rateLimit.windowSeconds);
  if (!limit.allowed) return messageRateLimited(submission, limit.retryAfter);

  const { locale, userId } = await requestContext({ request, context });
  const refused = await form.store(submission.value, { locale, userId });
  if (refused) return data(submission.reply({ fieldErrors: refused.fieldErrors }), { status: 400 });
  return messageSent(request, form.kind);
}

/**
 * The answers of the contact, support and barrier-report forms' actions that do not depend on the
 * form: the thank-you redirect (also given to a bot that filled the honeypot) and the rate limit's 429.
 */
export async function messageSent(request: Request, kind: MessageKind) {
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
