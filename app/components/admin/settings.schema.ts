import { z } from "zod";
import { maxChars, plainText } from "~/utils/text";

/** The add-administrator form (browser-safe: the form validates with it too). Messages are catalogue keys. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const addAdminSchema = z.object({
  email: plainText(
    z
      .string({ required_error: "admin.settings.emailRequired" })
      .trim()
      // 254: the longest address SMTP carries (the admin-roles model holds the same limit).
      .refine((email) => maxChars(254)(email) && EMAIL.test(email), "admin.settings.emailInvalid"),
  ),
});
