import type { HeadersFunction } from "@remix-run/node";

/**
 * The `headers` of a page whose action may refuse for too many attempts (429): the page it answers
 * with tells the client when to try again (the action's Retry-After), and nothing else is added.
 */
export const retryAfterHeaders: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};
