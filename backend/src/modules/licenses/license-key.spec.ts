import { generateLicenseKey, licenseKeyHash, licenseKeyHint, normaliseLicenseKey, openLicenseKey, sealLicenseKey } from './license-key';

describe('license keys', () => {
  it('look like SSAI- and five groups of five, and are all different', () => {
    const keys = Array.from({ length: 2000 }, generateLicenseKey);
    for (const key of keys) expect(key).toMatch(/^SSAI(-[0-9A-HJKMNP-TV-Z]{5}){5}$/);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('read back what a person pastes: any case, spaces, missing dashes, O for 0 and I or L for 1', () => {
    const key = generateLicenseKey();
    expect(normaliseLicenseKey(key)).toBe(key);
    expect(normaliseLicenseKey(` ${key.toLowerCase()} `)).toBe(key);
    expect(normaliseLicenseKey(key.replace(/-/g, ''))).toBe(key);
    expect(normaliseLicenseKey(key.replace(/-/g, ' '))).toBe(key);
    expect(normaliseLicenseKey(key.replace(/0/g, 'O').replace(/1/g, 'l'))).toBe(key);
  });

  it('refuse what cannot be a key, and catch nearly every typo without a lookup', () => {
    for (const bad of ['', 'SSAI', 'SSAI-12345', 'ABCD-7K2QX-M9D4R-0TWZC-H8NFB-3VJ5E', `${generateLicenseKey()}X`, 'SSAI-UUUUU-UUUUU-UUUUU-UUUUU-UUUUU']) {
      expect(normaliseLicenseKey(bad)).toBeUndefined();
    }
    let caught = 0;
    const trials = 2000;
    for (let i = 0; i < trials; i += 1) {
      const key = generateLicenseKey();
      const at = 5 + Math.floor(Math.random() * 29);
      if (key[at] === '-') {
        caught += 1;
        continue;
      }
      const swapped = key[at] === 'A' ? 'B' : 'A';
      if (normaliseLicenseKey(key.slice(0, at) + swapped + key.slice(at + 1)) === undefined) caught += 1;
    }
    expect(caught / trials).toBeGreaterThan(0.9);
  });

  it('are stored as a hash and shown as a hint', () => {
    const key = generateLicenseKey();
    expect(licenseKeyHash(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(licenseKeyHash(key)).not.toContain(key);
    expect(licenseKeyHint(key)).toBe(`SSAI-…-${key.slice(-5)}`);
  });

  it('are sealed for the dashboard: only the same secret opens them, and tampering is detected', () => {
    const key = generateLicenseKey();
    const sealed = sealLicenseKey(key, 'server-secret-of-32-characters!!');
    expect(sealed).not.toContain(key.slice(5));
    expect(openLicenseKey(sealed, 'server-secret-of-32-characters!!')).toBe(key);
    expect(sealLicenseKey(key, 'server-secret-of-32-characters!!')).not.toBe(sealed);
    expect(() => openLicenseKey(sealed, 'another-secret')).toThrow();
    const [iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => openLicenseKey([iv, tag, flipped.toString('base64url')].join('.'), 'server-secret-of-32-characters!!')).toThrow();
  });
});
