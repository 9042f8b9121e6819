/** Choices of the checkout form, shared by the page (browser) and the schema (server). */
export const addressCountries = ["DE", "CH", "AT"] as const;
export const paymentMethods = ["cash_on_delivery", "bank_transfer"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
