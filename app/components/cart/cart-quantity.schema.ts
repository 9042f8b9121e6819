import { z } from "zod";
import { MAX_LINE_QUANTITY } from "~/models/cart-limits";

/**
 * The cart line's quantity form (browser-safe: the page validates with it before posting, the
 * action after). 0 removes the line; more than the stock is capped by the model, with a notice.
 * The message is a catalogue key, shown with { max }.
 */
export const cartQuantitySchema = z.object({
  intent: z.literal("update"),
  productId: z.string({ required_error: "cart.quantityInvalid" }),
  quantity: z
    .number({ required_error: "cart.quantityInvalid", invalid_type_error: "cart.quantityInvalid" })
    .int("cart.quantityInvalid")
    .min(0, "cart.quantityInvalid")
    .max(MAX_LINE_QUANTITY, "cart.quantityInvalid"),
});

export type CartQuantityInput = z.input<typeof cartQuantitySchema>;
