export interface ExpiringCacheOptions<T> {
  maxEntries: number;
  /** How long an entry lives, counted from the start of its load. */
  ttlMs: number;
  /** The entry's life once its load has settled, counted from then; undefined keeps `ttlMs`. */
  ttlAfterLoad?: (value: T) => number | undefined;
  now?: () => number;
}

interface Entry<T> {
  value: Promise<T>;
  expiresAt: number;
}

/**
 * A size-capped cache of expiring entries. Entries are promises, so concurrent misses share one
 * load; a load that rejects is dropped, so a failure is never served from the cache. When full,
 * the oldest entry goes first (Maps iterate in insertion order).
 */
export class ExpiringCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly options: ExpiringCacheOptions<T>;
  private readonly now: () => number;

  constructor(options: ExpiringCacheOptions<T>) {
    this.options = options;
    this.now = options.now ?? (() => Date.now());
  }

  /** Forgets `key`, so the next `get` loads it afresh. */
  delete(key: string): void {
    this.entries.delete(key);
  }

  get(key: string, load: () => Promise<T>): Promise<T> {
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > this.now()) return cached.value;
    this.entries.delete(key);
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const entry: Entry<T> = { value: load(), expiresAt: this.now() + this.options.ttlMs };
    this.entries.set(key, entry);
    const { ttlAfterLoad } = this.options;
    entry.value.then(
      (value) => {
        const ttl = ttlAfterLoad?.(value);
        if (ttl !== undefined) entry.expiresAt = this.now() + ttl;
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.value;
  }
}
