import { getTranslator } from "~/i18n/catalogues.server";
import type { Locale } from "~/i18n/config";
import { compose, defuseLinks, greeting, oneLine, type Block, type RenderedEmail } from "~/utils/email-layout.server";

/** The e-mails of an account: registration, a second registration of an address, a password reset. */

export interface RegistrationEmailInput {
  locale: Locale;
  email: string;
  firstName: string;
  /** Where to sign in. */
  loginUrl: string;
  /** With e-mail verification: the link that confirms the address. */
  confirmUrl?: string;
}

export function registrationEmail(input: RegistrationEmailInput): RenderedEmail {
  const t = getTranslator(input.locale);
  const name = defuseLinks(oneLine(input.firstName));
  const blocks: Block[] = [
    { type: "p", text: greeting(input.locale, name) },
    { type: "p", text: t("email.registration.intro", { email: input.email }) },
  ];
  if (input.confirmUrl) {
    blocks.push({ type: "p", text: t("email.registration.confirmIntro") });
    blocks.push({ type: "button", label: t("email.registration.confirmAction"), href: input.confirmUrl });
  } else {
    blocks.push({ type: "button", label: t("email.registration.action"), href: input.loginUrl });
  }
  blocks.push({ type: "p", text: t("email.common.signature") });
  blocks.push({ type: "small", text: t("email.registration.notYou") });
  return compose(input.locale, name ? t("email.registration.subject", { name }) : t("email.registration.subjectAnonymous"), blocks);
}

/**
 * To the owner of an address someone tried to register again: no second account was made; sign in
 * or set a new password. The browser that tried was told nothing more than a new registrant is.
 */
export function accountExistsEmail(input: { locale: Locale; email: string; firstName: string; loginUrl: string; resetUrl: string }): RenderedEmail {
  const t = getTranslator(input.locale);
  return compose(input.locale, t("email.accountExists.subject"), [
    { type: "p", text: greeting(input.locale, input.firstName) },
    { type: "p", text: t("email.accountExists.intro", { email: input.email }) },
    { type: "p", text: t("email.accountExists.signIn") },
    { type: "button", label: t("email.accountExists.signInAction"), href: input.loginUrl },
    { type: "p", text: t("email.accountExists.reset") },
    { type: "button", label: t("email.accountExists.resetAction"), href: input.resetUrl },
    { type: "p", text: t("email.common.signature") },
    { type: "small", text: t("email.accountExists.notYou") },
  ]);
}

/** The password-reset link (namespace "mail"): valid one hour, used once. */
export function passwordResetEmail(input: { locale: Locale; firstName: string; resetUrl: string; minutes: number }): RenderedEmail {
  const t = getTranslator(input.locale);
  return compose(input.locale, t("mail.passwordReset.subject"), [
    { type: "p", text: greeting(input.locale, input.firstName) },
    { type: "p", text: t("mail.passwordReset.intro") },
    { type: "button", label: t("mail.passwordReset.action"), href: input.resetUrl },
    { type: "p", text: t("mail.passwordReset.expires", { minutes: input.minutes }) },
    { type: "p", text: t("email.common.signature") },
    { type: "small", text: t("mail.passwordReset.notYou") },
  ]);
}
