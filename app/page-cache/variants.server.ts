import type { VisitorValues } from "./persona.server";
import type { CachedPage } from "./store.server";

/**
 * Which personal variant of a shared page a visitor gets: keyed by role, cart count and those of
 * their favourites the page shows. Which products a page shows is learnt from its render without
 * favourites (every id in its body: a few more than the hearts cost only sharing, never correctness).
 */

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

export type ShownIds = { generation: number; expires: number; ids: Set<string> };

/** The cache key of a visitor's variant of the page kept under `baseKey`. */
export function variantKey(baseKey: string, values: VisitorValues, shownFavoriteIds: string[]): string {
  return [baseKey, values.role, values.cartCount, shownFavoriteIds.join(",")].join("\n");
}

/** Of the visitor's favourites, those the page shows, in a stable order. */
export function shownFavorites(values: VisitorValues, shown: ShownIds): string[] {
  return values.favoriteIds.filter((id) => shown.ids.has(id)).sort();
}

/** Per shared page (its base key): the product ids it shows, as long as the page itself is current. */
export class ShownProducts {
  private readonly pages = new Map<string, ShownIds>();

  constructor(private readonly maxEntries: number) {}

  current(baseKey: string, generation: number, now: number): ShownIds | undefined {
    const known = this.pages.get(baseKey);
    return known && known.generation === generation && known.expires > now ? known : undefined;
  }

  learn(baseKey: string, page: CachedPage): ShownIds {
    const known = { generation: page.generation, expires: page.expires, ids: new Set(page.identity.toString("latin1").match(UUID) ?? []) };
    this.pages.delete(baseKey);
    this.pages.set(baseKey, known);
    for (const oldest of this.pages.keys()) {
      if (this.pages.size <= this.maxEntries) break;
      this.pages.delete(oldest);
    }
    return known;
  }
}
