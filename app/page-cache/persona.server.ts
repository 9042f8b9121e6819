import { randomBytes } from "node:crypto";
import type { ShopUser } from "~/auth/user.server";
import type { PersonaValues } from "~/services/request-context.server";

/**
 * Personal variants of a shared page. A visitor with a cart, a signed-in customer or an
 * administrator differs from a new visitor only in a few values (VisitorValues), so their pages are
 * rendered once per combination of those values, as a *persona*, and kept.
 *
 * A persona reaches the render only through the load context the cache's own fill passes
 * (`context.persona`, fill.server.ts); the request context (app/services/request-context.server.ts)
 * then answers user, cart count and favourites from it instead of from cookies. Nothing a client
 * sends can name one.
 *
 * The signed-in user's own strings (id, e-mail, first name) are rendered as placeholder tokens that
 * the cache replaces with each visitor's values as it sends the page (only values that need no
 * escaping anywhere in HTML, attributes or the inline data are served this way; others render).
 */
export type PersonaRole = "visitor" | "customer" | "admin";

/**
 * A kind of visitor: the values the request context hands the app in place of cookies (user, cart
 * count, the favourites the page shows), and the role. Its user has placeholders for its strings.
 */
export interface Persona extends PersonaValues {
  role: PersonaRole;
}

/** What makes a visitor's page theirs, read from their cookies (visitor.server.ts): all a personal variant varies by. */
export interface VisitorValues {
  role: PersonaRole;
  cartCount: number;
  /** Every favourite (the cache keeps only those the page shows). */
  favoriteIds: string[];
  /** The signed-in user's own strings, put in place of the placeholders of the cached page. */
  user: { id: string; email: string; firstName: string } | null;
}

/** The part of the placeholders no one outside this process knows (new at every start). */
const SECRET = randomBytes(12).toString("hex");

/**
 * Placeholders for the user's own strings: letters and digits only, so no context escapes them,
 * and with this process's secret in them, so text a visitor or an editor can type (a search, a
 * product text) never contains one (the cache also renders for the visitor alone any address that
 * names one). Never sent unsubstituted: a persona's page reaches only visitors of its kind, with
 * their strings put in.
 */
export const PERSONA_TOKENS = {
  id: `zqPersonaUserId${SECRET}`,
  email: `zqPersonaEmail${SECRET}`,
  firstName: `zqPersonaFirstName${SECRET}`,
} as const;

/** Whether a text names a placeholder (e.g. a request's address, decoded). */
export function mentionsPersonaToken(text: string): boolean {
  return text.includes(SECRET);
}

/** Values substituted for a token as they are: nothing HTML, attributes, JSON or a script would escape. */
const SUBSTITUTABLE = /^[^<>&"'`\\/\u0000-\u001f\u007f\u2028\u2029]*$/;

export function isSubstitutable(value: string): boolean {
  return value.length <= 320 && SUBSTITUTABLE.test(value) && !mentionsPersonaToken(value);
}

export function personaUser(isAdmin: boolean): ShopUser {
  return { id: PERSONA_TOKENS.id, email: PERSONA_TOKENS.email, firstName: PERSONA_TOKENS.firstName, lastName: "", phone: "", country: "DE", isAdmin };
}

/** The persona a visitor's page is rendered as, with only the favourites the page shows. */
export function personaOf(values: VisitorValues, shownFavoriteIds: string[]): Persona {
  return { role: values.role, cartCount: values.cartCount, favoriteIds: shownFavoriteIds, user: values.user ? personaUser(values.role === "admin") : null };
}

const TOKEN = new RegExp(Object.values(PERSONA_TOKENS).join("|"), "g");

/** The page with the visitor's own strings in place of the persona's placeholders. */
export function substituteUser(page: string, user: NonNullable<VisitorValues["user"]>): string {
  const values: Record<string, string> = {
    [PERSONA_TOKENS.id]: user.id,
    [PERSONA_TOKENS.email]: user.email,
    [PERSONA_TOKENS.firstName]: user.firstName,
  };
  return page.replace(TOKEN, (token) => values[token] ?? "");
}

/** Whether a request's address (decoded as the app decodes it) contains a placeholder; undecodable ones count as such. */
export function namesPlaceholder(url: string | undefined): boolean {
  if (!url) return false;
  try {
    return mentionsPersonaToken(decodeURIComponent(url.replace(/\+/g, " ")));
  } catch {
    return true;
  }
}
