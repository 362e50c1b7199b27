/**
 * A table's entry for a key taken from a request. Plain indexing would also find what every
 * object inherits (`__proto__`, `constructor`, `toString`) and hand a handler a prototype.
 */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
