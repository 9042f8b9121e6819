import { randomUUID } from "node:crypto";
import { CART_COOKIE, CART_SESSION_ID, type CartOwner } from "~/models/cart.server";
import { readCookie, serializeCookie, THIRTY_DAYS } from "~/utils/cookies.server";

/*
 * The visitor's cart session cookie: read and written here, beside the routes, so the cart model
 * only ever sees ids (a CartOwner).
 */

/**
 * The visitor's cart session: a random UUID v4 in an httpOnly cookie. Anything else in that cookie
 * (forged, truncated, another kind of id) is ignored, so it can never name a user's cart.
 */
export function readCartSessionId(request: Request): string | null {
  const value = readCookie(request, CART_COOKIE);
  return value && CART_SESSION_ID.test(value) ? value.toLowerCase() : null;
}

/**
 * The owner to write to. A visitor without a cart session gets a new one; the cookie is (re)sent on
 * every visitor write, so the 30-day expiry runs from the last use.
 */
export function cartOwnerForWrite(userId: string | null, request: Request): { owner: CartOwner; setCookie: string | null } {
  if (userId) return { owner: { userId }, setCookie: null };
  const sessionId = readCartSessionId(request) ?? randomUUID();
  return { owner: { sessionId }, setCookie: cartCookie(request, sessionId) };
}

function cartCookie(request: Request, sessionId: string): string {
  return serializeCookie(request, CART_COOKIE, sessionId, { maxAge: THIRTY_DAYS, httpOnly: true });
}

/**
 * A new visitor cart for the browser (at sign-out): the previous cart session, and the orders it
 * placed, are no longer this browser's.
 */
export function newVisitorCartCookie(request: Request): string {
  return cartCookie(request, randomUUID());
}
