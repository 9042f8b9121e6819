/**
 * The catalogue's namespaces (app/locales/{locale}/{namespace}.json) and which texts go where.
 * Browser-safe: route modules declare the namespaces their page uses in `handle`, and their loader
 * sends exactly those (routeMessages in catalogues.server.ts). A unit test
 * (tests/unit/route-namespaces.test.ts) checks every route against the keys its code uses.
 */
export type Namespace =
  | "account"
  | "admin"
  | "backoffice"
  | "cart"
  | "catalogue"
  | "checkout"
  | "common"
  | "documents"
  | "email"
  | "favorites"
  | "forms"
  | "home"
  | "inbox"
  | "mail"
  | "myaccount"
  | "newsletter"
  | "offers"
  | "order"
  | "pages"
  | "password"
  | "pricing"
  | "privacy"
  | "product"
  | "withdrawal";

/** A whole namespace ("catalogue"), or a part of one: a subtree or a text with its plural forms ("product.addToCart"). */
export type MessageScope = Namespace | `${Namespace}.${string}`;

/** A route module's `handle`: the texts its page (and its meta) uses besides the shell's. */
export interface I18nHandle {
  i18n: readonly MessageScope[];
  /** Sent only to admins, besides `i18n` (the home page's offers editor). */
  adminI18n?: readonly MessageScope[];
}

/** What the root sends with every page: the header, the footer, toasts' close button, error pages. */
export const SHELL: I18nHandle = { i18n: ["common"] };

/**
 * A product card's texts (ProductGrid: listings, search, favourites, the home page): its badges,
 * stock, add-to-cart button, favourite heart, the § 11 PAngV reference price and the VAT note
 * under the grid. A listing sends them with every page: only these, not the namespaces they are in.
 */
export const PRODUCT_CARD_TEXTS = [
  "product.featured",
  "product.soldOut",
  "product.lowStock",
  "product.inStock",
  "product.addToCart",
  "product.adding",
  "product.quantity",
  "favorites.add",
  "favorites.remove",
  "pricing.lowest30",
  "catalogue.vatNote",
  "catalogue.shippingLink",
] as const satisfies readonly MessageScope[];

/** Every namespace the browser may get: all but the static pages' and the e-mails' (server only). */
export const ALL_CLIENT_NAMESPACES = [
  "account",
  "admin",
  "backoffice",
  "cart",
  "catalogue",
  "checkout",
  "common",
  "documents",
  "favorites",
  "forms",
  "home",
  "inbox",
  "myaccount",
  "newsletter",
  "offers",
  "order",
  "password",
  "pricing",
  "privacy",
  "product",
  "withdrawal",
] as const satisfies readonly Namespace[];
