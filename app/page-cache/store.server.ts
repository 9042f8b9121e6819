/** The kept pages: least recently used first out, bounded in bytes and entries, in this process's memory. */

export type CachedPage = {
  kind: "page";
  headers: Record<string, string | string[]>;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  expires: number;
  generation: number;
  size: number;
  /** The identity body as text, once a visitor's strings or a nonce had to be put in. */
  text?: string;
  /**
   * The CSP sources that allow the page's inline scripts by their hashes (encoding.server.ts
   * `hashScripts`): every answer sends the kept bytes with these in place of its header's nonce.
   */
  scriptHashes?: string;
  /**
   * Or, for a page whose signed-in visitor's strings are put in per answer: the Content-Security-
   * Policy nonce it was rendered with; every answer gets a nonce of its own in its place, never the
   * render's, which would be the same for every visitor until the page expires.
   */
  nonce?: string;
};
/** An address whose answer cannot be shared (not found, a redirect, a cookie): passes through for a while. */
export type PassThrough = { kind: "pass"; expires: number; generation: number; size: number };
export type Entry = CachedPage | PassThrough;

/** Stale (older catalogue generation) and expired entries are dropped on read. */
export class PageStore {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly limits: { maxBytes: number; maxEntries: number }) {}

  get(key: string, now: number, generation: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.delete(key);
    if (entry.expires <= now || entry.generation !== generation) return undefined;
    this.entries.set(key, entry);
    this.bytes += entry.size;
    return entry;
  }

  set(key: string, entry: Entry) {
    this.delete(key);
    if (entry.size > this.limits.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.size;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.limits.maxBytes && this.entries.size <= this.limits.maxEntries) break;
      this.delete(oldest);
    }
  }

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
  }
}
