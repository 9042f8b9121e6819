import { env } from "./env.server";

/** SHOP_TIME_ZONE (default Europe/Berlin), checked at start by the typed environment. */
export function shopTimeZone(): string {
  return env().SHOP_TIME_ZONE;
}
