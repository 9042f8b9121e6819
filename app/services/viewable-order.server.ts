import { data } from "@remix-run/node";
import { getUser } from "~/auth/user.server";
import { getLocale } from "~/i18n/i18n.server";
import { getOrderForViewer } from "~/models/order.server";
import { readCartSessionId } from "~/auth/cart-session.server";

/**
 * The order behind an order's confirmation and invoice URLs, for the people who may see it: the
 * order's user, the browser session that placed it (cart-session-id), or an admin. Anyone else, and
 * any malformed or unknown id, gets "order not found" (404). With the request's language.
 */
export async function viewableOrder(request: Request, orderId: string | undefined) {
  const [locale, user] = await Promise.all([getLocale(request), getUser(request)]);
  const order = await getOrderForViewer(orderId ?? "", {
    userId: user?.id ?? null,
    sessionId: readCartSessionId(request),
    isAdmin: user?.isAdmin ?? false,
  });
  if (!order) throw data(null, { status: 404 });
  return { order, locale };
}
