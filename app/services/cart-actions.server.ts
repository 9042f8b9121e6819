import { parseWithZod } from "@conform-to/zod";
import { cartQuantitySchema } from "~/components/cart/cart-quantity.schema";
import type { Locale } from "~/i18n/config";
import { MAX_LINE_QUANTITY } from "~/models/cart-limits";
import { addToCart, clearCart, removeFromCart, setCartQuantity, type CartChange, type CartOwner } from "~/models/cart.server";
import { localizedName } from "~/models/product.server";
import type { Toast } from "~/utils/session.server";
import { cartOwnerForWrite } from "~/auth/cart-session.server";

/*
 * The cart's writes, one function per intent of POST /cart (app/routes/cart.tsx). Each takes plain
 * values and answers with an outcome: the status and the toast (catalogue keys) the route sends
 * back, and the cart cookie to set when a visitor's write started or renewed a cart session.
 * Quantities and prices are never taken from the form: the models read them from the database.
 */

export type CartOutcome = { status: number; toast: Toast; setCookie?: string };

/** Where an add came from (the toast's wording): a product card, the detail page or an offer. */
export type CartAddSource = "card" | "detail" | "offer";

export function cartAddSource(value: FormDataEntryValue | null): CartAddSource {
  return value === "detail" ? "detail" : value === "offer" ? "offer" : "card";
}

/** "3", " 12 ", "-1": a whole number; "abc", "1e9", "1.5", "" and absurdly long input are not. */
export function parseQuantity(value: FormDataEntryValue | null): number | null {
  if (typeof value !== "string" || !/^\s*-?\d{1,6}\s*$/.test(value)) return null;
  return Number.parseInt(value, 10);
}

const error = (status: number, description: string, vars?: Toast["vars"]): CartOutcome => ({
  status,
  toast: { kind: "error", title: "cart.toast.errorTitle", description, vars },
});

const success = (title: string, description: string, vars: Toast["vars"]): CartOutcome => ({
  status: 200,
  toast: { kind: "success", title, description, vars },
});

/** The notice when the stock allowed less than asked for. */
const limited = (name: string, change: Extract<CartChange, { ok: true }>): CartOutcome => ({
  status: 200,
  toast: { kind: "info", title: "cart.toast.limitedTitle", description: "cart.toast.limited", vars: { name, stock: change.product.stock, quantity: change.quantity } },
});

/** A refused change: unknown product 404, sold out or stock limit 409, otherwise `fallback` (404). */
function refused(change: Extract<CartChange, { ok: false }>, fallback: string, locale: Locale): CartOutcome {
  const name = change.product ? localizedName(change.product, locale) : "";
  if (change.reason === "not_found") return error(404, "cart.toast.notFound");
  if (change.reason === "sold_out") return error(409, "cart.toast.soldOut", { name });
  if (change.reason === "stock_limit") return error(409, "cart.toast.stockLimit", { name, stock: change.product?.stock ?? 0 });
  return error(404, fallback);
}

/**
 * intent=add: `quantity` pieces more (absent: 1) of a product, capped by its stock. A visitor
 * without a cart session gets one (the outcome's `setCookie`, sent only when the add succeeded).
 */
export async function addCartLine(input: {
  userId: string | null;
  request: Request;
  productId: string;
  quantity: FormDataEntryValue | null;
  source: CartAddSource;
  locale: Locale;
}): Promise<CartOutcome> {
  const { userId, request, productId, source, locale } = input;
  const quantity = parseQuantity(input.quantity ?? "1");
  if (quantity === null || quantity < 1 || quantity > MAX_LINE_QUANTITY) {
    return error(400, "cart.toast.invalidQuantity", { max: MAX_LINE_QUANTITY });
  }
  const { owner, setCookie } = cartOwnerForWrite(userId, request);
  const change = await addToCart(owner, productId, quantity);
  if (!change.ok) return refused(change, source === "offer" ? "cart.toast.offerAddFailed" : "cart.toast.addFailed", locale);
  const name = localizedName(change.product, locale);
  const outcome = change.limited ? limited(name, change) : success(`cart.toast.added.${source}`, `cart.toast.addedText.${source}`, { name });
  return setCookie ? { ...outcome, setCookie } : outcome;
}

/**
 * intent=update: a line's new quantity (0 removes it), checked with the schema the page validates
 * with before posting; `quantity` is the form's raw value.
 */
export async function updateCartLine(input: {
  owner: CartOwner | null;
  productId: string;
  quantity: FormDataEntryValue | null;
  locale: Locale;
}): Promise<CartOutcome> {
  const { owner, productId, locale } = input;
  const fields = new FormData();
  fields.set("intent", "update");
  fields.set("productId", productId);
  if (input.quantity !== null) fields.set("quantity", input.quantity);
  const submission = parseWithZod(fields, { schema: cartQuantitySchema });
  if (submission.status !== "success") return error(400, "cart.toast.updateFailed");
  if (!owner) return error(404, "cart.toast.updateFailed");
  const change = await setCartQuantity(owner, productId, submission.value.quantity);
  if (!change.ok) {
    return change.reason === "sold_out" ? refused(change, "", locale) : error(change.reason === "not_found" ? 404 : 409, "cart.toast.updateFailed");
  }
  const name = localizedName(change.product, locale);
  if (change.quantity === 0) return success("cart.toast.removed", "cart.toast.removedText", { name });
  if (change.limited) return limited(name, change);
  return success("cart.toast.updated", "cart.toast.updatedText", { name, quantity: change.quantity });
}

/** intent=remove: a line out of the cart (404 when there is no such line). */
export async function removeCartLine(input: { owner: CartOwner | null; productId: string; locale: Locale }): Promise<CartOutcome> {
  const { owner, productId, locale } = input;
  const change = owner ? await removeFromCart(owner, productId) : ({ ok: false, reason: "not_in_cart" } as const);
  if (!change.ok) return error(404, "cart.toast.removeFailed");
  return success("cart.toast.removed", "cart.toast.removedText", { name: localizedName(change.product, locale) });
}

/** intent=clear: every line out of the cart (an empty or absent cart is cleared too). */
export async function clearCartLines(owner: CartOwner | null): Promise<CartOutcome> {
  const removed = owner ? await clearCart(owner) : 0;
  return success("cart.toast.cleared", "cart.toast.clearedText", { count: removed });
}

/** Any other intent. */
export function unknownCartIntent(): CartOutcome {
  return error(400, "cart.toast.invalidRequest");
}

/** The answer when a write failed unexpectedly (the route logs the cause). */
export function cartWriteFailed(intent: FormDataEntryValue | null, source: CartAddSource): CartOutcome {
  const description =
    intent === "update" ? "cart.toast.updateFailed" : intent === "remove" ? "cart.toast.removeFailed" : source === "offer" ? "cart.toast.offerAddFailed" : "cart.toast.addFailed";
  return error(500, description);
}
