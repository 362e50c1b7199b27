import { isIP } from 'node:net';

/** Express's names for address ranges, which TRUST_PROXY accepts beside addresses and CIDRs. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Why one TRUST_PROXY entry is not an address, a CIDR or a range name; undefined when it is. The
 * entry is named by its place in the list, never quoted: refusals are printed, values are not.
 */
export function trustProxyEntryProblem(entry: string, place: number): string | undefined {
  if (RANGE_NAMES.has(entry)) return undefined;
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || extra !== undefined) return `entry ${place} is not an IP address, a CIDR or one of loopback, linklocal, uniquelocal`;
  if (bits === undefined) return undefined;
  const max = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max ? undefined : `entry ${place} has a prefix length outside 0-${max}`;
}

/** The comma list as entries; empty means trust no proxy. */
export function trustProxyEntries(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}
