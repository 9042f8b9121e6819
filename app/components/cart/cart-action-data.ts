import type { ShownToast } from "~/utils/session.server";

/**
 * What POST /cart answers a fetcher with (JavaScript on): whether the change was made and its
 * toast, already translated. The cart's forms type their fetchers with it (browser-safe: types only).
 */
export type CartActionData = { ok: boolean; toast: ShownToast };

/** The fetcher key a cart line's forms share (its toast, its pending quantity), and the clear form's. */
export const CART_LINE_KEY = "cart-line-";
export const cartLineFetcherKey = (productId: string) => `${CART_LINE_KEY}${productId}`;
export const CLEAR_CART_KEY = "cart-clear";
