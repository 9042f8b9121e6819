import { z } from "zod";
import { plainText } from "~/utils/text";
import { emailField, PASSWORD_MIN, passwordField } from "./schemas";

/**
 * The password forms' rules (forgot, reset, change), shared by the server and the browser.
 * Messages are catalogue keys, translated where shown.
 */
const confirmField = plainText(z.string({ required_error: "account.errors.confirmPasswordRequired" }));
const matches = (value: { password: string; confirmPassword: string }) => value.password === value.confirmPassword;
const mismatch = { path: ["confirmPassword"], message: "account.errors.passwordMismatch" };

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({
    token: z.string({ required_error: "password.reset.invalidText" }).max(200),
    password: passwordField(PASSWORD_MIN),
    confirmPassword: confirmField,
  })
  .refine(matches, mismatch);

export const changePasswordSchema = z
  .object({
    currentPassword: plainText(z.string({ required_error: "account.errors.passwordRequired" })),
    password: passwordField(PASSWORD_MIN),
    confirmPassword: confirmField,
  })
  .refine(matches, mismatch);
