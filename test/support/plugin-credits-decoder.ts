/**
 * How the plugin reads GET /api/plugin/credits/balance, written from plugin-facts.md and not from
 * the site's contract code: exactly these keys, non-negative integers, a total that is the sum,
 * ISO timestamps, and no credential; anything else the plugin cannot use.
 */
const BALANCE_KEYS = [
  'add_on_remaining',
  'annual_upgrade_offer',
  'billing_cycle',
  'cycle_anchor_at',
  'cycle_ends_at',
  'cycle_started_at',
  'included_per_month',
  'included_remaining',
  'purchase_url',
  'total_remaining',
  'turn_in_flight_until',
  'usage_class',
];
const CREDENTIALS = ['license_key', 'licenseKey', 'credential', 'token'];
const isCount = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isIso = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/.test(v) && !Number.isNaN(Date.parse(v));

export interface BalanceReading {
  includedRemaining: number;
  addOnRemaining: number;
  totalRemaining: number;
  includedPerMonth: number;
  cycleStartedAt: string;
  cycleEndsAt: string;
  purchaseUrl: string;
  warnsLow: boolean;
  billingCycle: 'monthly' | 'annual';
  cycleAnchorAt: string;
  annualUpgradeOffer: AnnualOfferReading | null;
}

/** The offer to switch to annual billing, as the plugin shows it (a path on the site it opens). */
export interface AnnualOfferReading {
  amountSavedCents: number;
  percentSaved: number;
  annualPriceCents: number;
  monthlyEquivalentAnnualCents: number;
  checkoutPath: string;
}

export function decodeBalance(body: unknown): BalanceReading | { unusable: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { unusable: 'not a JSON object' };
  const b = body as Record<string, unknown>;
  const credential = CREDENTIALS.find((key) => key in b);
  if (credential) return { unusable: `echoes ${credential}` };
  const keys = Object.keys(b).sort().join(',');
  if (keys !== BALANCE_KEYS.join(',')) return { unusable: `keys ${keys}` };
  for (const key of ['included_remaining', 'add_on_remaining', 'total_remaining', 'included_per_month'])
    if (!isCount(b[key])) return { unusable: `${key} is not a non-negative integer` };
  if (b.total_remaining !== (b.included_remaining as number) + (b.add_on_remaining as number)) return { unusable: 'total is not the sum' };
  if (b.usage_class !== 'customer') return { unusable: 'usage_class' };
  for (const key of ['cycle_anchor_at', 'cycle_started_at', 'cycle_ends_at']) if (!isIso(b[key])) return { unusable: `${key} is not an ISO timestamp` };
  if (b.turn_in_flight_until !== null && !isIso(b.turn_in_flight_until)) return { unusable: 'turn_in_flight_until' };
  if (b.billing_cycle !== 'monthly' && b.billing_cycle !== 'annual') return { unusable: 'billing_cycle' };
  if (typeof b.purchase_url !== 'string' || !(b.purchase_url.startsWith('/') || b.purchase_url.startsWith('https://'))) return { unusable: 'purchase_url' };
  if (b.annual_upgrade_offer !== null) {
    const offer = b.annual_upgrade_offer as Record<string, unknown>;
    const offerKeys = ['amount_saved_cents', 'annual_price_cents', 'checkout_path', 'monthly_equivalent_annual_cents', 'percent_saved'];
    if (typeof offer !== 'object' || Object.keys(offer).sort().join(',') !== offerKeys.join(',')) return { unusable: 'annual_upgrade_offer' };
    for (const key of ['amount_saved_cents', 'annual_price_cents', 'monthly_equivalent_annual_cents'])
      if (!isCount(offer[key])) return { unusable: `annual_upgrade_offer.${key} is not a non-negative integer` };
    if (typeof offer.percent_saved !== 'number' || offer.percent_saved < 0 || offer.percent_saved > 100)
      return { unusable: 'annual_upgrade_offer.percent_saved' };
    if (typeof offer.checkout_path !== 'string' || !offer.checkout_path.startsWith('/')) return { unusable: 'annual_upgrade_offer.checkout_path' };
  }
  const offer = b.annual_upgrade_offer as Record<string, unknown> | null;
  return {
    includedRemaining: b.included_remaining as number,
    addOnRemaining: b.add_on_remaining as number,
    totalRemaining: b.total_remaining as number,
    includedPerMonth: b.included_per_month as number,
    cycleStartedAt: b.cycle_started_at as string,
    cycleEndsAt: b.cycle_ends_at as string,
    purchaseUrl: b.purchase_url,
    warnsLow: (b.total_remaining as number) < 1_000,
    billingCycle: b.billing_cycle,
    cycleAnchorAt: b.cycle_anchor_at as string,
    annualUpgradeOffer: offer
      ? {
          amountSavedCents: offer.amount_saved_cents as number,
          percentSaved: offer.percent_saved as number,
          annualPriceCents: offer.annual_price_cents as number,
          monthlyEquivalentAnnualCents: offer.monthly_equivalent_annual_cents as number,
          checkoutPath: offer.checkout_path as string,
        }
      : null,
  };
}

const pluginHeaders = (key: string) => ({
  'x-license-key': key,
  'x-plugin-version': '4.2.0',
  'x-systemsculpt-admission-contract': 'admission-v1',
  'X-SystemSculpt-Client': 'obsidian-plugin',
});

export async function readBalance(baseUrl: string, key: string): Promise<{ status: number; body: unknown; reading: BalanceReading | { unusable: string } }> {
  const res = await fetch(`${baseUrl}/api/plugin/credits/balance`, { headers: pluginHeaders(key) });
  const body = await res.json();
  return { status: res.status, body, reading: res.status === 200 ? decodeBalance(body) : { unusable: `status ${res.status}` } };
}

const USAGE_KINDS = ['audio_transcription', 'embeddings', 'document_processing', 'agent_turn', 'request'];

/** GET /api/plugin/credits/usage; a 200 must be a page the plugin reads (`items`, not `entries`). */
export async function readUsage(baseUrl: string, key: string, query = ''): Promise<{ status: number; body: any }> {
  const res = await fetch(`${baseUrl}/api/plugin/credits/usage${query}`, { headers: pluginHeaders(key) });
  const body = await res.json();
  if (res.status === 200) {
    if (Object.keys(body).sort().join(',') !== 'items,next_before') throw new Error(`usage page keys ${Object.keys(body).join(',')}`);
    for (const item of (body as { items: Array<Record<string, unknown>> }).items) {
      if (!isIso(item.created_at) || !isCount(item.credits_charged) || !USAGE_KINDS.includes(String(item.usage_kind)))
        throw new Error(`usage item ${JSON.stringify(item)}`);
    }
  }
  return { status: res.status, body };
}
