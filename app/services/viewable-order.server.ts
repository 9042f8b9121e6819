import { data } from "@remix-run/node";
import { getUser } from "~/auth/user.server";
import { getLocale } from "~/i18n/i18n.server";
import { directionOf, isLocale } from "~/i18n/config";
import { getOrderForViewer } from "~/models/order.server";
import { readCartSessionId } from "~/auth/cart-session.server";

/**
 * The order behind an order's confirmation and invoice URLs, for the people who may see it: the
 * order's user, the browser session that placed it (cart-session-id), or an admin. Anyone else, and
 * any malformed or unknown id, gets "order not found" (404). With the request's language, and the
 * order's (`document`: the language its printable documents — invoice, cancellation invoice, credit
 * note — are written in, whoever opens them; the page around them stays in the visitor's).
 */
export async function viewableOrder(request: Request, orderId: string | undefined) {
  const [locale, user] = await Promise.all([getLocale(request), getUser(request)]);
  const order = await getOrderForViewer(orderId ?? "", {
    userId: user?.id ?? null,
    sessionId: readCartSessionId(request),
    isAdmin: user?.isAdmin ?? false,
  });
  if (!order) throw data(null, { status: 404 });
  const documentLocale = isLocale(order.locale) ? order.locale : locale;
  return { order, locale, document: { locale: documentLocale, dir: directionOf(documentLocale) } };
}
