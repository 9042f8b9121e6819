import { hitRateLimits, refundRateLimit } from "~/models/rate-limit.server";
import { findOrderForCustomer, findOrderForGuest, type WithdrawableOrder } from "~/models/withdrawal.server";

/**
 * Who may declare a withdrawal for which order. A guest names the order number and the order's
 * e-mail address: a wrong pair is one answer ("not found", never which part was wrong), and the
 * attempts are counted per client address as sign-in counts them (before the check, one statement;
 * a match is taken back, so the counter holds failures). A signed-in customer picks one of their
 * own orders (another's is "not found"). Every step of the form checks again: hidden fields carry
 * the first step's values and are never trusted.
 */
export const WITHDRAWAL_LIMITS = { windowSeconds: 15 * 60, perAddress: 10 } as const;

export type OrderAccess = { ok: true; order: WithdrawableOrder } | { ok: false; reason: "notFound" } | { ok: false; reason: "tooMany"; retryAfter: number };

export async function guestOrderAccess(input: { clientAddress: string; orderNumber: string; email: string }): Promise<OrderAccess> {
  const key = `withdrawal:address:${input.clientAddress}`;
  const [byAddress] = await hitRateLimits([{ key, limit: WITHDRAWAL_LIMITS.perAddress }], WITHDRAWAL_LIMITS.windowSeconds);
  if (!byAddress!.allowed) return { ok: false, reason: "tooMany", retryAfter: Math.max(1, byAddress!.retryAfter) };
  const order = await findOrderForGuest(input.orderNumber, input.email);
  if (!order) return { ok: false, reason: "notFound" };
  await refundRateLimit(key);
  return { ok: true, order };
}

export async function customerOrderAccess(userId: string, orderId: string): Promise<OrderAccess> {
  const order = await findOrderForCustomer(userId, orderId);
  return order ? { ok: true, order } : { ok: false, reason: "notFound" };
}
