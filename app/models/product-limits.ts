/** The catalogue's limits, shared by the admin forms (browser) and the writes (server). */

/** 99 999 999.99, the limit of the numeric(10, 2) price columns, in cents. */
export const MAX_MONEY_CENTS = 9_999_999_999;
export const MAX_STOCK = 1_000_000;
export const MAX_TAGS = 30;
export const MAX_TAG_LENGTH = 50;
/** Products below this stock count as low (and 0 as sold out). */
export const LOW_STOCK_BELOW = 5;
