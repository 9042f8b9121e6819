import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";

/**
 * A page rendered for the shared page cache on behalf of a *kind* of visitor rather than one
 * visitor (app/utils/page-cache.server.ts): a visitor with a cart, a signed-in customer or an
 * administrator differs from a new visitor only in a few values, so their pages are rendered once
 * per combination of those values and kept.
 *
 * While such a render runs (and only then: the page cache enters the scope itself, for its own
 * loopback request, never from anything a client sent), the functions that read the visitor's
 * account, cart count and favourites answer from the persona instead of from cookies:
 * getSignedInSession/getAuthState (app/auth/user.server.ts), countCartItems, listFavoriteIds.
 *
 * The signed-in user's own strings (id, e-mail, first name) are rendered as placeholder tokens that
 * the cache replaces with each visitor's values as it sends the page (only values that need no
 * escaping anywhere in HTML, attributes or the inline data are served this way; others render).
 */
export type PersonaRole = "visitor" | "customer" | "admin";

export interface PersonaUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  country: "DE" | "CH";
  isAdmin: boolean;
}

export interface Persona {
  role: PersonaRole;
  cartCount: number;
  /** Only the favourites the page shows (the cache works out which). */
  favoriteIds: string[];
  user: PersonaUser | null;
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

export function personaUser(isAdmin: boolean): PersonaUser {
  return { id: PERSONA_TOKENS.id, email: PERSONA_TOKENS.email, firstName: PERSONA_TOKENS.firstName, lastName: "", phone: "", country: "DE", isAdmin };
}

const scope = new AsyncLocalStorage<Persona>();

export function runAsPersona<T>(persona: Persona, work: () => T): T {
  return scope.run(persona, work);
}

/** The persona of the page being rendered for the shared cache, or undefined for a visitor's own request. */
export function currentPersona(): Persona | undefined {
  return scope.getStore();
}
