import type { RateLimit } from '../../platform/common/rate-limit/redis-rate-limiter';

const HOUR = 3600;
/** Codes one address may be sent in an hour, from wherever they are asked for. */
export const CODES_PER_ADDRESS = 6;
/** From one network, fewer: someone else's network cannot use up all of an address's codes. */
export const CODES_PER_ADDRESS_AND_NETWORK = 4;
/**
 * Every address behind one network together: an office or campus NAT is many people, so far above
 * what one person needs, yet it still bounds what one machine can make us send.
 */
export const CODES_PER_NETWORK = 300;

/**
 * What one sign-in code costs, narrowest first (taken in turn, so a refusal by one is not counted
 * by the wider ones): the address from this network, the address, the network.
 */
export function signInCodeLimits(address: string, ip: string | undefined): RateLimit[] {
  const from = networkOf(ip);
  return [
    { key: `signin-code:subject-ip:${address}|${from}`, limit: CODES_PER_ADDRESS_AND_NETWORK, windowSeconds: HOUR },
    { key: `signin-code:subject:${address}`, limit: CODES_PER_ADDRESS, windowSeconds: HOUR },
    { key: `signin-code:ip:${from}`, limit: CODES_PER_NETWORK, windowSeconds: HOUR },
  ];
}

/**
 * The network a client address stands for: an IPv4 address itself (a NAT is one address), an IPv6
 * address's /64 (what one household or office is given, and any host in it can pick a new address).
 */
export function networkOf(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
