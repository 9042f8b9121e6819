import { Link, useLocation } from "@remix-run/react";
import { z } from "zod";
import { useT } from "~/i18n/use-t";
import { Honeypot, HONEYPOT_FIELD } from "~/components/honeypot";
import { maxChars, minChars, plainText } from "~/utils/text";

export { Honeypot, HONEYPOT_FIELD };

/**
 * What the contact form (/contact), the support form (/support) and the barrier report
 * (/accessibility) share: the field rules, the
 * honeypot and the thank-you panel (their fields are drawn by ~/components/forms). Error messages are catalogue keys
 * (namespace "forms"), translated where they are shown.
 */

export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 5000;

export const nameField = (key: "firstName" | "lastName" | "name") =>
  plainText(
    z
      .string({ required_error: `forms.errors.${key}Required` })
      .trim()
      .min(1, `forms.errors.${key}Required`)
      .refine(maxChars(100), "forms.errors.nameTooLong"),
  );

export const emailField = plainText(
  z
    .string({ required_error: "forms.errors.emailRequired" })
    .trim()
    .min(1, "forms.errors.emailRequired")
    .email("forms.errors.emailInvalid")
    .refine(maxChars(254), "forms.errors.emailTooLong"),
);

/** A subject may end up in an e-mail header: line breaks are refused, not silently removed. */
export const subjectField = z
  .string({ required_error: "forms.errors.subjectRequired" })
  .refine((value) => !/[\r\n]/.test(value), "forms.errors.subjectLineBreak")
  .pipe(
    plainText(
      z
        .string({ required_error: "forms.errors.subjectRequired" })
        .trim()
        .min(1, "forms.errors.subjectRequired")
        .refine(maxChars(200), "forms.errors.subjectTooLong"),
    ),
  );

export const longTextField = (key: "message" | "description") =>
  plainText(
    z
      .string({ required_error: `forms.errors.${key}Required` })
      .trim()
      .min(1, `forms.errors.${key}Required`)
      .refine(minChars(MESSAGE_MIN), "forms.errors.textTooShort")
      .refine(maxChars(MESSAGE_MAX), "forms.errors.textTooLong"),
    { multiline: true },
  );

/** The page a barrier report names (optional): it becomes part of the message's one-line subject. */
export const BARRIER_PAGE_MAX = 190;
export const barrierPageField = plainText(
  z.string().trim().refine(maxChars(BARRIER_PAGE_MAX), "forms.errors.pageTooLong"),
).optional();

/** "3f2a9c1b" or "#3F2A9C1B" → "3F2A9C1B": the first dash segment of an order id, upper-cased. */
export const orderNumberField = plainText(
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^#?[0-9A-F]{8}$/, "forms.errors.orderNumberFormat")
    .transform((value) => value.replace(/^#/, "")),
).optional();

/** Shown after a message was sent (the page was redirected to ?sent=1). */
export function SentPanel({ kind }: { kind: "contact" | "support" | "accessibility" }) {
  const { t } = useT();
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete("sent");
  const query = params.toString();
  const againTo = `${location.pathname}${query ? `?${query}` : ""}`;
  return (
    <div role="status" data-testid="sent-panel" className="card border-emerald-300 bg-emerald-50 p-6">
      <h2 className="text-xl font-bold text-emerald-900">{t(`forms.sent.${kind}.title`)}</h2>
      <p className="mt-2 text-emerald-900">{t(`forms.sent.${kind}.text`)}</p>
      <Link to={againTo} className="btn-secondary mt-4">
        {t(`forms.sent.${kind}.again`)}
      </Link>
    </div>
  );
}
