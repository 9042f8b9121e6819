import { z } from "zod";
import { maxChars, minChars, plainText } from "~/utils/text";

/**
 * The account forms' rules, shared by the server (which always validates) and the browser (which
 * validates early when JavaScript runs). Messages are catalogue keys, translated where shown.
 */
/** The form error of an unexpected failure ('Error' / 'An unexpected error occurred.'). */
export const UNEXPECTED = "account.toast.unexpected";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;
const NAME_MAX = 100;

export const emailField = plainText(
  z
    .string({ required_error: "account.errors.emailRequired" })
    .trim()
    .toLowerCase()
    .min(1, "account.errors.emailRequired")
    .email("account.errors.emailInvalid")
    .refine(maxChars(EMAIL_MAX), "account.errors.emailTooLong"),
);

const countryField = z.enum(["DE", "CH"], { errorMap: () => ({ message: "account.errors.countryInvalid" }) });

const nameField = (required: string) =>
  plainText(z.string({ required_error: required }).trim().min(1, required).refine(maxChars(NAME_MAX), "account.errors.nameTooLong"));

/** A password: any characters but control characters, at most PASSWORD_MAX; `min` for a new one. */
export const passwordField = (min?: number) =>
  plainText(
    z
      .string({ required_error: "account.errors.passwordRequired" })
      .refine(minChars(min ?? 0), "account.errors.passwordTooShort")
      .refine(maxChars(PASSWORD_MAX), "account.errors.passwordTooLong"),
  );

export const loginSchema = z.object({
  email: emailField,
  // Only required and bounded here: the password rules of the day may be newer than the account.
  password: passwordField(),
  // A hidden field: whatever it holds, safeRedirect keeps the redirect on this site.
  redirectTo: z.string().max(2048).optional(),
});

export const registerSchema = z
  .object({
    firstName: nameField("account.errors.firstNameRequired"),
    lastName: nameField("account.errors.lastNameRequired"),
    email: emailField,
    country: countryField,
    password: passwordField(PASSWORD_MIN),
    confirmPassword: plainText(z.string({ required_error: "account.errors.confirmPasswordRequired" })),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "account.errors.passwordMismatch",
  });

export const profileSchema = z.object({
  firstName: nameField("account.errors.firstNameRequired"),
  lastName: nameField("account.errors.lastNameRequired"),
  phone: plainText(
    z
      .string()
      .trim()
      .max(30, "account.errors.phoneInvalid")
      .regex(/^\+?[0-9 ()/.-]{4,}$/, "account.errors.phoneInvalid"),
  ).optional(),
  country: countryField,
});
