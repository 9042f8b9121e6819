import { joinSharedRead, type Database, type Queryable } from "./database.server";
import { env, parseEnv, type RawEnv } from "~/utils/env.server";

/**
 * A per-process counter that moves whenever what the storefront shows (products, stock, offers)
 * has changed: the shared page cache keeps no page across a change. The database layer moves it
 * itself after each committed write to those tables (see observeCatalogueWrites), so no model
 * function can forget to.
 */
declare global {
  var __shopCatalogueGeneration: number | undefined;
}

const CATALOGUE_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+(?:public\.)?(?:products|offers|offer_section)\b/i;

export function isCatalogueWrite(sql: string): boolean {
  return CATALOGUE_WRITE.test(sql);
}

/** Moves the generation of this process only (a change another process announced). */
export function catalogueChangedElsewhere() {
  globalThis.__shopCatalogueGeneration = (globalThis.__shopCatalogueGeneration ?? 0) + 1;
}

const localChangeListeners = new Set<() => void>();

/** A change made by this process: retires its cached pages and tells the listeners (the broadcast to other processes). */
export function catalogueChanged() {
  catalogueChangedElsewhere();
  for (const listener of localChangeListeners) listener();
}

/** Calls `listener` after each catalogue change made by this process; returns the unsubscribe. */
export function onLocalCatalogueChange(listener: () => void): () => void {
  localChangeListeners.add(listener);
  return () => localChangeListeners.delete(listener);
}

export function catalogueGeneration(): number {
  return globalThis.__shopCatalogueGeneration ?? 0;
}

/**
 * The database, moving the catalogue generation after every write to the catalogue tables: at
 * once for a single statement, after the commit for a transaction (a page rendered before the
 * commit must not outlive it). A rolled-back transaction changes nothing.
 */
export function observeCatalogueWrites(db: Database): Database {
  const observed = (q: Queryable, onWrite: () => void): Queryable => ({
    async query<T>(text: string, params?: unknown[]) {
      const rows = await q.query<T>(text, params);
      if (isCatalogueWrite(text)) onWrite();
      return rows;
    },
    async exec(text) {
      await q.exec(text);
      if (isCatalogueWrite(text)) onWrite();
    },
  });
  return {
    ...observed(db, catalogueChanged),
    kind: db.kind,
    close: () => db.close(),
    ...(db.notify && db.listen ? { notify: db.notify.bind(db), listen: db.listen.bind(db) } : {}),
    ...(db.dumpDataDir ? { dumpDataDir: db.dumpDataDir.bind(db) } : {}),
    async transaction(fn, options) {
      let wrote = false;
      // A retried attempt starts over: only the attempt that commits counts.
      const result = await db.transaction((tx) => {
        wrote = false;
        return fn(observed(tx, () => (wrote = true)));
      }, options);
      if (wrote) catalogueChanged();
      return result;
    },
  };
}

type Memo = { generation: number; expires: number; value: Promise<unknown> };
const memos = new Map<string, Memo>();
const MEMO_ENTRIES = 300;

/**
 * How long anything read from the catalogue may be kept, from PAGE_CACHE_TTL (seconds, default
 * 60): the bound on staleness for changes made by another process. 0 (or nonsense) keeps nothing.
 */
export function catalogueCacheTtlMs(source?: RawEnv): number {
  return (source ? parseEnv(source) : env()).PAGE_CACHE_TTL * 1000;
}

const MEMO_TTL_MS = catalogueCacheTtlMs();

/**
 * The result of a catalogue read, kept until the catalogue changes (or PAGE_CACHE_TTL passes, for
 * changes made by another process): listings then cost no query while nothing changes, however
 * large the catalogue. Concurrent calls for the same key share one query; a failed query is not
 * kept. Only for reads whose result depends on nothing but the key and the catalogue tables.
 */
export function memoizedCatalogueRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const generation = catalogueGeneration();
  const found = memos.get(key);
  if (found && found.generation === generation && found.expires > now) {
    memos.delete(key);
    memos.set(key, found);
    return joinSharedRead(found.value as Promise<T>, read);
  }
  if (MEMO_TTL_MS <= 0) return read();
  const value = read();
  memos.delete(key);
  memos.set(key, { generation, expires: now + MEMO_TTL_MS, value });
  value.catch(() => {
    if (memos.get(key)?.value === value) memos.delete(key);
  });
  for (const oldest of memos.keys()) {
    if (memos.size <= MEMO_ENTRIES) break;
    memos.delete(oldest);
  }
  return value;
}
