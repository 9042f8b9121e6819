import { confirmedAddressOf } from "~/models/email-confirmation.server";
import { env } from "~/utils/env.server";
import { hitRateLimits, refundRateLimit } from "~/models/rate-limit.server";

/** Orders are counted per hour. */
export const CHECKOUT_WINDOW_SECONDS = 60 * 60;

export type CheckoutCount =
  | { allowed: true; /** Takes the counted order back (it was not placed). */ refund: () => Promise<void> }
  | { allowed: false; retryAfter: number };

/**
 * Counts one order attempt, before any work, per client address and per e-mail address (one
 * statement, as sign-in counts: a burst cannot slip past). A guest, or an account whose address is
 * not confirmed, can order to anyone's address: without a limit one client could empty the stock
 * and fill a stranger's inbox with order e-mails. A signed-in customer ordering to the address
 * their account has confirmed is not counted.
 */
export async function countCheckout(input: { clientAddress: string; email: string; userId: string | null }): Promise<CheckoutCount> {
  const email = input.email.trim().toLowerCase();
  if (input.userId) {
    const confirmed = await confirmedAddressOf(input.userId);
    if (confirmed !== null && confirmed.toLowerCase() === email) return { allowed: true, refund: async () => {} };
  }
  const keys = [`checkout:address:${input.clientAddress}`, `checkout:email:${email}`] as const;
  const { CHECKOUT_ORDERS_PER_ADDRESS, CHECKOUT_ORDERS_PER_EMAIL } = env();
  const results = await hitRateLimits(
    [
      { key: keys[0], limit: CHECKOUT_ORDERS_PER_ADDRESS },
      { key: keys[1], limit: CHECKOUT_ORDERS_PER_EMAIL },
    ],
    CHECKOUT_WINDOW_SECONDS,
  );
  const refund = async () => {
    for (const key of keys) await refundRateLimit(key);
  };
  const refused = results.filter((result) => !result.allowed);
  if (refused.length === 0) return { allowed: true, refund };
  // A refused attempt is not an order: it does not push the other counter further.
  await refund();
  return { allowed: false, retryAfter: Math.max(1, ...refused.map((result) => result.retryAfter)) };
}
