import { getTranslator } from "~/i18n/catalogues.server";
import type { Locale } from "~/i18n/config";
import { compose, greeting, type Block, type RenderedEmail } from "~/utils/email-layout.server";

/** The newsletter's e-mails: the confirmation of a subscription (double opt-in), and an issue. */

export function newsletterConfirmationEmail(input: { locale: Locale; email: string; confirmUrl: string }): RenderedEmail {
  const t = getTranslator(input.locale);
  return compose(input.locale, t("email.newsletterConfirmation.subject"), [
    { type: "p", text: greeting(input.locale, undefined) },
    { type: "p", text: t("email.newsletterConfirmation.intro", { email: input.email }) },
    { type: "button", label: t("email.newsletterConfirmation.action"), href: input.confirmUrl },
    { type: "p", text: t("email.newsletterConfirmation.expires") },
    { type: "p", text: t("email.common.signature") },
    { type: "small", text: t("email.newsletterConfirmation.ignore") },
  ]);
}

/** A newsletter issue: its text in paragraphs, and always the unsubscribe link at the end. */
export function newsletterEmail(input: { locale: Locale; subject: string; body: string; unsubscribeUrl: string }): RenderedEmail {
  const t = getTranslator(input.locale);
  const paragraphs = input.body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((text): Block => ({ type: "p", text }));
  return compose(input.locale, input.subject, [
    ...paragraphs,
    { type: "p", text: t("email.common.signature") },
    { type: "small", text: t("email.newsletter.why"), href: input.unsubscribeUrl, linkLabel: t("email.newsletter.unsubscribe") },
  ]);
}
