import { z } from "zod";

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

export const emailField = z
  .string({ required_error: "account.errors.emailRequired" })
  .trim()
  .toLowerCase()
  .min(1, "account.errors.emailRequired")
  .max(EMAIL_MAX, "account.errors.emailTooLong")
  .email("account.errors.emailInvalid");

const countryField = z.enum(["DE", "CH"], { errorMap: () => ({ message: "account.errors.countryInvalid" }) });

const nameField = (required: string) =>
  z.string({ required_error: required }).trim().min(1, required).max(NAME_MAX, "account.errors.nameTooLong");

export const loginSchema = z.object({
  email: emailField,
  // Only required and bounded here: the password rules of the day may be newer than the account.
  password: z
    .string({ required_error: "account.errors.passwordRequired" })
    .max(PASSWORD_MAX, "account.errors.passwordTooLong"),
  redirectTo: z.string().max(2048).optional(),
});

export const registerSchema = z
  .object({
    firstName: nameField("account.errors.firstNameRequired"),
    lastName: nameField("account.errors.lastNameRequired"),
    email: emailField,
    country: countryField,
    password: z
      .string({ required_error: "account.errors.passwordRequired" })
      .min(PASSWORD_MIN, "account.errors.passwordTooShort")
      .max(PASSWORD_MAX, "account.errors.passwordTooLong"),
    confirmPassword: z.string({ required_error: "account.errors.confirmPasswordRequired" }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "account.errors.passwordMismatch",
  });

export const profileSchema = z.object({
  firstName: nameField("account.errors.firstNameRequired"),
  lastName: nameField("account.errors.lastNameRequired"),
  phone: z
    .string()
    .trim()
    .max(30, "account.errors.phoneInvalid")
    .regex(/^\+?[0-9 ()/.-]{4,}$/, "account.errors.phoneInvalid")
    .optional(),
  country: countryField,
});
