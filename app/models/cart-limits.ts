/** The largest quantity a cart form may ask for; anything above is bad input, not a big order (browser-safe). */
export const MAX_LINE_QUANTITY = 999;
