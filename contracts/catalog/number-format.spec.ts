import { formatCount, formatMoney } from './number-format';

const samples = [0, 1, 5, 99, 100, 101, 999, 1000, 1001, 19900, 99999, 100000, 123456789, 9007199254740991];

describe('formatMoney', () => {
  it.each(['USD', 'EUR', 'GBP', 'usd', 'eur', 'gbp'])('prints %s exactly as Intl does in en-US', (currency) => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    for (const cents of [...samples, ...samples.map((n) => -n)]) {
      expect(formatMoney(cents, currency)).toBe(intl.format(cents / 100));
    }
  });

  it('hands other currencies, locales and fractional cents to Intl', () => {
    expect(formatMoney(19900, 'JPY')).toBe(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'JPY' }).format(199));
    expect(formatMoney(19900, 'EUR', 'de-DE')).toBe(new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(199));
    expect(formatMoney(1999.5)).toBe(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(19.995));
  });
});

describe('formatCount', () => {
  it('groups digits exactly as Intl does in en-US', () => {
    const intl = new Intl.NumberFormat('en-US');
    for (const value of [...samples, ...samples.map((n) => -n), 12.5, 1234.5678, Number.MAX_VALUE]) {
      expect(formatCount(value)).toBe(intl.format(value));
    }
  });
});
