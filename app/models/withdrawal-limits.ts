/** The withdrawal form's limits (browser-safe: the form's attributes and the server's checks share them). */
export const REASON_MAX = 1000;
/** Days after delivery within which a withdrawal is in time (§ 355 Abs. 2 BGB); later ones are stored, marked late. */
export const WITHDRAWAL_DAYS = 14;
