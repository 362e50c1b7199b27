import { ownEntry } from './own-entry';

describe('ownEntry', () => {
  const table: Record<string, number> = { renew: 1 };

  it("finds the table's own keys", () => {
    expect(ownEntry(table, 'renew')).toBe(1);
  });

  it('finds nothing for what every object inherits', () => {
    for (const key of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) expect(ownEntry(table, key)).toBeUndefined();
  });
});
