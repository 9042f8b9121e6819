import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { loginSchema, profileSchema, registerSchema } from "~/auth/schemas";
import { checkoutSchema } from "~/models/order.server";
import { productFormSchema } from "~/components/admin/product-form.schema";
import { addAdminSchema } from "~/components/admin/settings.schema";
import { offersFormSchema } from "~/components/admin/offers-editor.schema";
import { emailField, longTextField, nameField, orderNumberField, subjectField } from "~/components/message-form";
import { CONTROL_CHARACTERS } from "~/utils/text";

/*
 * Every text field of every form schema refuses control characters with the one message, and
 * counts lengths in characters as the database's checks do (code points: an emoji is one).
 */
type Schema = z.ZodTypeAny;
const errorsOf = (schema: Schema, entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.set(k, v);
  const submission = parseWithZod(data, { schema });
  return submission.status === "error" ? (submission.error ?? {}) : {};
};

const contactSchema = z.object({
  firstName: nameField("firstName"),
  lastName: nameField("lastName"),
  email: emailField,
  subject: subjectField,
  message: longTextField("message"),
});
const supportSchema = z.object({ name: nameField("name"), email: emailField, orderNumber: orderNumberField, subject: subjectField, description: longTextField("description") });

const forms: Array<{ name: string; schema: Schema; valid: Record<string, string>; text: string[]; multiline?: string[] }> = [
  { name: "login", schema: loginSchema, valid: { email: "kunde@example.com", password: "kunde12345" }, text: ["email", "password"] },
  {
    name: "register",
    schema: registerSchema,
    valid: { firstName: "Erika", lastName: "Muster", email: "e@example.com", country: "DE", password: "password123", confirmPassword: "password123" },
    text: ["firstName", "lastName", "email", "password", "confirmPassword"],
  },
  { name: "profile", schema: profileSchema, valid: { firstName: "Erika", lastName: "Muster", phone: "+49 30 1234567", country: "DE" }, text: ["firstName", "lastName", "phone"] },
  {
    name: "checkout",
    schema: checkoutSchema,
    valid: {
      firstName: "Erika",
      lastName: "Muster",
      email: "erika@example.com",
      phone: "030 1234 5678",
      "shippingAddress.street": "Hauptstraße 1",
      "shippingAddress.city": "Berlin",
      "shippingAddress.postalCode": "10115",
      "shippingAddress.country": "DE",
      paymentMethod: "cash_on_delivery",
      idempotencyKey: "6f1c2d8e-8f7a-4b7e-9a51-0b6f7a2c3d4e",
      "billingAddress.street": "Bahnhofstrasse 5",
      "billingAddress.city": "Zürich",
      "billingAddress.postalCode": "8001",
      "billingAddress.country": "CH",
    },
    text: ["firstName", "lastName", "email", "phone", "shippingAddress.street", "shippingAddress.city", "shippingAddress.postalCode", "billingAddress.street", "billingAddress.city", "billingAddress.postalCode"],
  },
  {
    name: "contact",
    schema: contactSchema,
    valid: { firstName: "Erika", lastName: "Muster", email: "e@example.com", subject: "Hello", message: "A normal message." },
    text: ["firstName", "lastName", "email", "subject", "message"],
    multiline: ["message"],
  },
  {
    name: "support",
    schema: supportSchema,
    valid: { name: "Erika", email: "e@example.com", orderNumber: "3F2A9C1B", subject: "Help", description: "A normal request." },
    text: ["name", "email", "orderNumber", "subject", "description"],
    multiline: ["description"],
  },
  {
    name: "admin product",
    schema: productFormSchema,
    valid: { name: "Lamp", nameAr: "مصباح", category: "home-office", price: "10", stock: "3", description: "Bright.", tags: "lamp, led" },
    text: ["name", "nameDE", "nameFr", "nameAr", "description", "descriptionDE", "descriptionFr", "descriptionAr", "tags"],
    multiline: ["description", "descriptionDE", "descriptionFr", "descriptionAr"],
  },
  { name: "add administrator", schema: addAdminSchema, valid: { email: "kunde@example.com" }, text: ["email"] },
  {
    name: "admin offers",
    schema: offersFormSchema,
    valid: { title: "Angebote", subtitle: "Diese Woche", "offers[0].title": "Deal", "offers[0].titleEn": "Deal" },
    text: ["title", "subtitle", "offers[0].title", "offers[0].titleEn", "offers[0].titleFr", "offers[0].titleAr", "offers[0].subtitle", "offers[0].subtitleAr", "offers[0].timeLeft", "offers[0].timeLeftEn"],
  },
];

describe.each(forms)("$name form", ({ schema, valid, text, multiline = [] }) => {
  it("accepts the valid form", () => {
    expect(errorsOf(schema, valid)).toEqual({});
  });

  it.each(text)("refuses a NUL byte, an escape and a DEL in %s with the control-character message alone", (field) => {
    for (const bad of ["ab\u0000cdefghijkl", "ab\u001b[31mcdefghijkl", "ab\u007fcdefghijkl"]) {
      expect(errorsOf(schema, { ...valid, [field]: bad })[field], JSON.stringify(bad)).toEqual([CONTROL_CHARACTERS]);
    }
  });

  it("lets line breaks and tabs into multi-line fields only", () => {
    for (const field of text) {
      const errors = errorsOf(schema, { ...valid, [field]: "line one\r\nline\ttwo" })[field] ?? [];
      if (multiline.includes(field)) expect(errors, field).not.toContain(CONTROL_CHARACTERS);
      else expect(errors, field).toContain(field === "subject" ? "forms.errors.subjectLineBreak" : CONTROL_CHARACTERS);
    }
  });
});

describe("lengths are counted in characters, as the database's checks count them", () => {
  it.each([
    ["contact message: 10 emoji are 10 characters (at least 10), 9 are too few", contactSchema, "message", 10, 9, "forms.errors.textTooShort"],
    ["contact message: 5000 emoji fit, 5001 do not", contactSchema, "message", 5000, 5001, "forms.errors.textTooLong"],
    ["contact name: 100 emoji fit, 101 do not", contactSchema, "firstName", 100, 101, "forms.errors.nameTooLong"],
    ["contact subject: 200 emoji fit, 201 do not", contactSchema, "subject", 200, 201, "forms.errors.subjectTooLong"],
    ["register name: 100 fit, 101 do not", registerSchema, "firstName", 100, 101, "account.errors.nameTooLong"],
    ["checkout street: 200 fit, 201 do not", checkoutSchema, "shippingAddress.street", 200, 201, "checkout.errors.tooLong"],
    ["product name: 200 fit, 201 do not", productFormSchema, "name", 200, 201, "admin.product.errors.nameTooLong"],
    ["product description: 5000 fit, 5001 do not", productFormSchema, "description", 5000, 5001, "admin.product.errors.descriptionTooLong"],
  ] as const)("%s", (_label, schema, field, fits, fails, message) => {
    const form = forms.find((f) => f.schema === schema)!;
    expect(errorsOf(schema, { ...form.valid, [field]: "😀".repeat(fits) })[field]).toBeUndefined();
    expect(errorsOf(schema, { ...form.valid, [field]: "😀".repeat(fails) })[field]).toEqual([message]);
  });
});
