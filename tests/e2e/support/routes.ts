import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PRODUCT_ID } from "./shop";

/*
 * The addresses that reach every route file of app/routes, for the tests that walk them all (the
 * Cache-Control and the NUL-byte walks). A walk fails when a route file is not in the map, so a new
 * route is walked from the day it is added.
 */

/** Ids a walk has made before it starts (an order, a customer, a message). */
export type RouteIds = { orderId: string; customerId: string; messageId: string };
/** An id that names nothing. */
export const NONE = "00000000-0000-4000-8000-00000000ffff";

/** Every route file → the address(es) that reach it (null: a layout, reached through its children). */
export const ROUTES: Record<string, ((ids: RouteIds) => string[]) | null> = {
  $: () => ["/no-such-page"],
  _index: () => ["/"],
  about: () => ["/about"],
  accessibility: () => ["/accessibility"],
  "admin._index": () => ["/admin"],
  "admin.customers.$userId": (ids) => [`/admin/customers/${ids.customerId}`],
  "admin.customers": () => ["/admin/customers"],
  "admin.edit": () => ["/admin/edit"],
  "admin.export[.]csv": () => ["/admin/export.csv"],
  "admin.inventory": () => ["/admin/inventory"],
  "admin.messages.$id": (ids) => [`/admin/messages/${ids.messageId}`],
  "admin.messages._index": () => ["/admin/messages"],
  "admin.newsletter": () => ["/admin/newsletter"],
  "admin.offers": () => ["/admin/offers"],
  "admin.withdrawals": () => ["/admin/withdrawals"],
  "admin.orders.$id": (ids) => [`/admin/orders/${ids.orderId}`],
  "admin.orders._index": () => ["/admin/orders"],
  "admin_.orders.$id.delivery-note": (ids) => [`/admin/orders/${ids.orderId}/delivery-note`],
  "admin.payments": () => ["/admin/payments", "/admin/payments?import=00000000-0000-4000-8000-00000000ffff"],
  "admin.products.$id": () => [`/admin/products/${PRODUCT_ID}`],
  "admin.products.$id_.delete": () => [`/admin/products/${PRODUCT_ID}/delete`],
  "admin.products._index": () => ["/admin/products"],
  "admin.reports": () => ["/admin/reports"],
  "admin.roles": () => ["/admin/roles"],
  "admin.settings": () => ["/admin/settings"],
  admin: null,
  blog: () => ["/blog"],
  cart: () => ["/cart"],
  "category.$slug": () => ["/category/office-gifts"],
  checkout: () => ["/checkout"],
  contact: () => ["/contact"],
  cookies: () => ["/cookies"],
  faq: () => ["/faq"],
  favorites: () => ["/favorites"],
  "forgot-password": () => ["/forgot-password"],
  impressum: () => ["/impressum"],
  login: () => ["/login"],
  logout: () => ["/logout"],
  newsletter: () => ["/newsletter"],
  "newsletter_.confirm": () => ["/newsletter/confirm?token=nothing"],
  "newsletter_.unsubscribe": () => ["/newsletter/unsubscribe?token=nothing"],
  "order-confirmation.$orderId": (ids) => [`/order-confirmation/${ids.orderId}`],
  "order-confirmation.$orderId_.invoice": (ids) => [`/order-confirmation/${ids.orderId}/invoice`],
  "order-confirmation.$orderId_.documents.$number": (ids) => [`/order-confirmation/${ids.orderId}/documents/ST-000001`],
  preferences: () => ["/preferences"],
  privacy: () => ["/privacy"],
  "products.$id": () => [`/products/${PRODUCT_ID}`],
  "products._index": () => ["/products", "/products?page=2"],
  "profile._index": () => ["/profile"],
  "profile.orders.$orderId": (ids) => [`/profile/orders/${ids.orderId}`],
  "profile.orders._index": () => ["/profile/orders", "/profile/orders?page=2"],
  "profile.password": () => ["/profile/password"],
  "profile.privacy": () => ["/profile/privacy"],
  profile: null,
  "profile_.privacy.export[.]json": () => ["/profile/privacy/export.json"],
  register: () => ["/register"],
  "register_.confirm": () => ["/register/confirm?token=nothing"],
  "reset-password": () => ["/reset-password?token=nothing"],
  returns: () => ["/returns"],
  "robots[.]txt": () => ["/robots.txt"],
  search: () => ["/search", "/search?q=stift", "/search?q=a"],
  "search_.suggest": () => ["/search/suggest?q=lam", "/search/suggest"],
  shipping: () => ["/shipping"],
  "sitemap[.]xml": () => ["/sitemap.xml"],
  support: () => ["/support"],
  terms: () => ["/terms"],
  "uploads.$": () => ["/uploads/products/missing.png"],
  warranty: () => ["/warranty"],
  withdrawal: (ids) => ["/withdrawal", `/withdrawal?order=${ids.orderId}`],
};

const routesDir = path.resolve("app/routes");
/** Every route file's id (its name without extension), and whether it renders a page. */
export const routeFiles = readdirSync(routesDir)
  .filter((file) => file.endsWith(".tsx") || file.endsWith(".ts"))
  .map((file) => ({ id: file.replace(/\.tsx?$/, ""), isPage: /export default/.test(readFileSync(path.join(routesDir, file), "utf8")) }));

/** The single-fetch address of a page's data. */
export function dataUrl(url: string): string {
  const [pathname, query] = url.split("?");
  return `${pathname === "/" ? "/_root" : pathname}.data${query ? `?${query}` : ""}`;
}
