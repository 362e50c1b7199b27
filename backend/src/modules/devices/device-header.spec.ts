import { createHash } from 'node:crypto';
import { readDevice } from './device-header';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe('the device the plugin names', () => {
  it('keeps only a SHA-256 of a well-formed id, with its trimmed name', () => {
    const id = 'vault_7f3A-b2c9';
    expect(readDevice(id, '  Work laptop  ')).toEqual({ hash: sha256(id), name: 'Work laptop' });
    expect(readDevice([id, 'other'], undefined)).toEqual({ hash: sha256(id), name: null });
    expect(JSON.stringify(readDevice(id, 'x'))).not.toContain(id);
  });

  it('ignores an absent or malformed id (8–128 of A–Z, a–z, 0–9, _ and -)', () => {
    for (const id of [undefined, '', 'short', 'has space inside', 'semi;colon-00', 'x'.repeat(129)]) expect(readDevice(id, 'Laptop')).toBeNull();
    expect(readDevice('x'.repeat(8), null as unknown as undefined)).not.toBeNull();
    expect(readDevice('x'.repeat(128), undefined)).not.toBeNull();
  });

  it('cuts a name to 60 characters and drops control characters; a blank name is none', () => {
    expect(readDevice('device-0001', 'é'.repeat(70))!.name).toBe('é'.repeat(60));
    expect(readDevice('device-0001', 'Line\none\t')!.name).toBe('Line one');
    expect(readDevice('device-0001', '   ')!.name).toBeNull();
  });
});
