import { CODES_PER_ADDRESS, CODES_PER_ADDRESS_AND_NETWORK, CODES_PER_NETWORK, networkOf, signInCodeLimits } from './sign-in-code-limits';

describe('sign-in code limits', () => {
  it('count the address from this network, the address, then the network, each far apart', () => {
    const limits = signInCodeLimits('ada@example.com', '203.0.113.7');
    expect(limits.map((l) => l.key)).toEqual([
      'signin-code:subject-ip:ada@example.com|203.0.113.7',
      'signin-code:subject:ada@example.com',
      'signin-code:ip:203.0.113.7',
    ]);
    expect(CODES_PER_ADDRESS_AND_NETWORK).toBeLessThan(CODES_PER_ADDRESS);
    expect(CODES_PER_NETWORK).toBeGreaterThanOrEqual(10 * CODES_PER_ADDRESS);
  });
});

describe('the network of a client address', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:0:1:aaaa:bbbb:cccc:dddd', '2001:db8:0:1::/64'],
    ['2001:0db8:0000:0001::1', '2001:db8:0:1::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    [undefined, 'unknown'],
  ])('%p is %p', (ip, network) => {
    expect(networkOf(ip)).toBe(network);
  });
});
