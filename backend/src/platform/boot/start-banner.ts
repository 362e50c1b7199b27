import type { AppConfig } from '../config/config.schema';
import { standIns } from '../config/stand-ins';

export interface BannerFacts {
  url: string;
  /** The demo host's sign-in address, when the local demo data is in use. */
  demoHost?: string;
}

/**
 * What a person at a terminal needs after `npm start`: where the site is, where its local
 * stand-ins show what they did (the email outbox, the Stripe emulator), and how to sign in.
 * The first line is the one scripts wait for (`Site running at <url>`), whatever the terminal.
 */
export function startBanner(config: AppConfig, facts: BannerFacts, terminal: boolean): string[] {
  const first = `✔ Site running at ${facts.url} (role: ${config.ROLE}). Ctrl-C to stop.`;
  if (!terminal) return [first];
  const rows: Array<[string, string]> = [];
  const local = standIns(config);
  if (local.outbox) rows.push(['Emails', `${facts.url}/dev/outbox (every email sent, sign-in codes too)`]);
  if (local.stripeEmulator) rows.push(['Stripe emulator', `${facts.url}/_stripe/dev (renewals, refunds, disputes)`]);
  if (local.localSignIn) rows.push(['Sign in', 'any address: Sign In, then the 6-digit code from the outbox']);
  if (facts.demoHost) rows.push(['Demo host', `${facts.demoHost} (offers the times at ${facts.url}/sessions)`]);
  const width = Math.max(0, ...rows.map(([label]) => label.length)) + 2;
  return [first, ...rows.map(([label, value]) => `  ${`${label}:`.padEnd(width)}${value}`)];
}
