import type { ResourcesSearch } from '../../../../contracts/catalog/catalog.contract';
import type { NotificationListener } from '../../platform/database/notification-listener';
import type { CatalogList } from './catalog.queries';

/** A safety net only: a change is heard within milliseconds. */
const MAX_AGE_MS = 60_000;
/** Searches are free text: the oldest answer goes when this many are kept. */
const MAX_ANSWERS = 500;

interface Kept {
  answer: Promise<CatalogList>;
  until: number;
}

/**
 * The catalog's lists, kept in this process's memory: the catalog changes only when it is seeded
 * or edited, and every change to it notifies `catalog_changes` on commit, which every process
 * hears within milliseconds and drops what it kept. Nothing is kept while the notifications are
 * not heard. Concurrent asks for one list share one read; a read under way when a change is heard
 * answers its callers but is not kept.
 */
export class CatalogListCache {
  private readonly kept = new Map<string, Kept>();

  constructor(private readonly changes: NotificationListener) {
    changes.onNotification(() => this.kept.clear());
  }

  /** The list for this search: kept, or read (the answer is shared: never change it). */
  get(search: Partial<ResourcesSearch>, read: () => Promise<CatalogList>): Promise<CatalogList> {
    if (!this.changes.listening) {
      void this.changes.start();
      return read();
    }
    const key = keyOf(search);
    const kept = this.kept.get(key);
    if (kept && kept.until > Date.now()) return kept.answer;
    const entry: Kept = { answer: read(), until: Date.now() + MAX_AGE_MS };
    if (this.kept.size >= MAX_ANSWERS) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, entry);
    entry.answer.catch(() => {
      if (this.kept.get(key) === entry) this.kept.delete(key);
    });
    return entry.answer;
  }
}

/** One key per distinct list: 'all' and no filter are the same list. */
function keyOf({ q, category, price }: Partial<ResourcesSearch>): string {
  return JSON.stringify([q ?? '', category ?? 'all', price ?? 'all']);
}
