import { randomUUID } from "node:crypto";
import { catalogueChangedElsewhere, onLocalCatalogueChange } from "./catalogue-version.server";
import type { Database } from "./database.server";

/**
 * Several server processes on one Postgres (WEB_CONCURRENCY): each keeps its own page cache and
 * catalogue reads, retired by its own catalogue generation. This carries the generation across
 * processes with Postgres LISTEN/NOTIFY (no other service): a process that changed the catalogue
 * NOTIFYs `shop_catalogue`; every other process LISTENs and moves its generation, so a change shows
 * everywhere as soon as the notification arrives (milliseconds), not after PAGE_CACHE_TTL.
 *
 * The LISTEN connection can be lost (database restart, network). postgres-js re-listens when the
 * connection closes, but gives up for good if the database is away at that moment. So the
 * broadcast pings itself every `pingMs` through the channel; a ping that does not come back within
 * two periods means the LISTEN is gone, and it listens again. While it is down, PAGE_CACHE_TTL bounds
 * how stale a page may be; each time the LISTEN is (re)established the generation moves once, so
 * whatever changed while nobody listened is retired then.
 */
export const CATALOGUE_CHANNEL = "shop_catalogue";

export interface CatalogueBroadcast {
  /** Whether the LISTEN is known to work (its last ping came back in time). */
  isListening(): boolean;
  stop(): Promise<void>;
}

export interface BroadcastOptions {
  /** Called for a change announced by another process (default: move this process's generation). */
  onRemoteChange?: () => void;
  /** Subscribes to this process's own changes (default: every catalogueChanged()); returns the unsubscribe. */
  subscribeLocal?: (publish: () => void) => () => void;
  pingMs?: number;
  log?: (message: string) => void;
}

type Channel = Required<Pick<Database, "notify" | "listen">>;

export function startCatalogueBroadcast(db: Channel, options: BroadcastOptions = {}): CatalogueBroadcast {
  const origin = randomUUID();
  const onRemoteChange = options.onRemoteChange ?? catalogueChangedElsewhere;
  const pingMs = options.pingMs ?? 2_000;
  const log = options.log ?? ((message: string) => console.error(message));
  let stopped = false;
  let listening = false;
  let lastPing = Date.now();
  let handle: { unlisten(): Promise<void> } | undefined;
  let subscribing: Promise<void> | undefined;

  const onNotify = (payload: string) => {
    const [kind, from] = payload.split(":", 2);
    if (from === origin) {
      if (kind === "ping") lastPing = Date.now();
      return;
    }
    if (kind === "change") onRemoteChange();
  };
  const onListen = () => {
    lastPing = Date.now();
    if (!listening) log("Catalogue changes: listening for other processes' changes (LISTEN shop_catalogue)");
    listening = true;
    // Whatever another process changed while this one was not listening is retired now.
    onRemoteChange();
  };

  function subscribe(): Promise<void> {
    subscribing ??= (async () => {
      const previous = handle;
      handle = undefined;
      await previous?.unlisten().catch(() => {});
      try {
        if (!stopped) handle = await db.listen(CATALOGUE_CHANNEL, onNotify, onListen);
      } catch (error) {
        log(`Catalogue changes: LISTEN failed (${(error as Error).message}); pages expire after PAGE_CACHE_TTL until it is back`);
      }
    })().finally(() => (subscribing = undefined));
    return subscribing;
  }

  const unsubscribeLocal = (options.subscribeLocal ?? onLocalCatalogueChange)(() => {
    db.notify(CATALOGUE_CHANNEL, `change:${origin}`).catch((error: unknown) => {
      log(`Catalogue changes: NOTIFY failed (${(error as Error).message}); other processes see it after PAGE_CACHE_TTL`);
    });
  });

  const watchdog = setInterval(() => {
    if (stopped) return;
    if (Date.now() - lastPing > 2 * pingMs + 500) {
      if (listening) log("Catalogue changes: the LISTEN connection was lost; listening again (meanwhile pages expire after PAGE_CACHE_TTL)");
      listening = false;
      void subscribe();
    }
    db.notify(CATALOGUE_CHANNEL, `ping:${origin}`).catch(() => {});
  }, pingMs);
  watchdog.unref();
  void subscribe();

  return {
    isListening: () => listening,
    async stop() {
      stopped = true;
      clearInterval(watchdog);
      unsubscribeLocal();
      await subscribing;
      await handle?.unlisten().catch(() => {});
    },
  };
}
