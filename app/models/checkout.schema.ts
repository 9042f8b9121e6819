import { z } from "zod";
import { maxChars, minChars, plainText } from "~/utils/text";
import { addressCountries, paymentMethods } from "./checkout-options";

/*
 * The checkout form. Messages are catalogue keys (checkout.errors.*), translated where they are
 * shown, so the Arabic texts of the spec appear verbatim in `ar` and translated elsewhere.
 */
/**
 * A text field: `missing` when empty, `invalid` when too short (or failing `rules`), both catalogue
 * keys, so the shopper reads what is wrong ("… is required" vs "… must have at least n characters").
 */
const text = (min: number, max: number, missing: string, invalid: string, wellFormed: (value: string) => boolean = () => true) =>
  plainText(
    z
      .string({ required_error: missing, invalid_type_error: missing })
      .trim()
      .min(1, missing)
      // A blank value already has its "missing" message: "invalid" only for what was given.
      .refine((value) => value === "" || (minChars(min)(value) && wellFormed(value)), invalid)
      .refine(maxChars(max), "checkout.errors.tooLong"),
  );

const emailFormat = z.string().email();

export const addressSchema = z.object({
  street: text(5, 200, "checkout.errors.street", "checkout.errors.invalid.street"),
  city: text(2, 100, "checkout.errors.city", "checkout.errors.invalid.city"),
  postalCode: text(4, 12, "checkout.errors.postalCode", "checkout.errors.invalid.postalCode"),
  country: z.enum(addressCountries, { errorMap: () => ({ message: "checkout.errors.country" }) }),
});
export type Address = z.infer<typeof addressSchema>;

const fieldsSchema = {
  firstName: text(2, 100, "checkout.errors.firstName", "checkout.errors.invalid.firstName"),
  lastName: text(2, 100, "checkout.errors.lastName", "checkout.errors.invalid.lastName"),
  email: text(3, 254, "checkout.errors.emailMissing", "checkout.errors.email", (value) => emailFormat.safeParse(value).success),
  phone: text(10, 30, "checkout.errors.phone", "checkout.errors.invalid.phone", (value) => /^\+?[0-9 ()/.-]+$/.test(value)),
  shippingAddress: addressSchema,
  // A checkbox: present ("on") when ticked, absent when not.
  useSameAddress: z.boolean().optional(),
  paymentMethod: z.enum(paymentMethods, { errorMap: () => ({ message: "checkout.errors.paymentMethod" }) }),
  // Generated when the page is rendered: the same form posted twice places one order.
  idempotencyKey: z.string({ required_error: "checkout.errors.expired" }).uuid("checkout.errors.expired"),
};

const ticked = (value: unknown) => value === true || value === "on";

/**
 * "Use same address for billing" ticked: whatever the billing fields hold is dropped and billing is
 * the shipping address. Not ticked: billing is required and checked with the same rules, at the same
 * time as every other field (so all messages appear at once).
 */
export const checkoutSchema = z
  .preprocess(
    (value) => {
      if (!value || typeof value !== "object") return value;
      const form = value as Record<string, unknown>;
      return ticked(form.useSameAddress) ? { ...form, billingAddress: undefined } : { ...form, billingAddress: form.billingAddress ?? {} };
    },
    z.object({ ...fieldsSchema, billingAddress: addressSchema.optional() }),
  )
  .transform((value) => ({
    ...value,
    useSameAddress: value.useSameAddress ?? false,
    billingAddress: value.billingAddress ?? value.shippingAddress,
  }));
export type CheckoutInput = z.output<typeof checkoutSchema>;

/** The native constraints of the form (required, minLength, …), for the page to put on its inputs. */
export const checkoutConstraintSchema = z.object({ ...fieldsSchema, billingAddress: addressSchema.partial().optional() });
