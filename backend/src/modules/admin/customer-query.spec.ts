import { generateLicenseKey, licenseKeyHash } from '../licenses';
import { classifyCustomerQuery } from './customer-query';

describe('classifyCustomerQuery', () => {
  const key = generateLicenseKey();

  it.each([
    ['as issued', key],
    ['lower-case', key.toLowerCase()],
    ['without dashes', key.replace(/-/g, '')],
    ['with spaces instead of dashes, around whitespace', `\t ${key.replace(/-/g, ' ')} \n`],
  ])('reads a license key %s as its hash', (_spelling, query) => {
    expect(classifyCustomerQuery(query)).toEqual({ kind: 'license key', keyHash: licenseKeyHash(key) });
  });

  it('reads a key-like string with a wrong check character as text', () => {
    const wrong = key.slice(0, -1) + (key.endsWith('0') ? '1' : '0');
    expect(classifyCustomerQuery(wrong).kind).toBe('text');
  });

  it.each([
    ['cus_N1a2b3', 'Stripe customer'],
    ['cs_test_a1B2c3', 'Checkout Session'],
    ['pi_3Pq1', 'payment'],
    ['ch_3Pq1', 'charge'],
    ['py_3Pq1', 'charge'],
  ])('reads %s as a %s id', (query, kind) => {
    expect(classifyCustomerQuery(` ${query} `)).toEqual({ kind, id: query });
  });

  it('reads anything else as text to match against addresses, names and ids', () => {
    expect(classifyCustomerQuery('  Ada Lovelace ')).toEqual({ kind: 'text', text: 'Ada Lovelace' });
    expect(classifyCustomerQuery('cus_ with space')).toEqual({ kind: 'text', text: 'cus_ with space' });
  });
});
