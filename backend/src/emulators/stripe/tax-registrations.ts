import { createHash } from 'node:crypto';
import { z } from 'zod';
import { invalid, ok, parse } from './emulator-answers';
import type { EmulatorAnswer } from './emulator-store';
import { page } from './emulator-lists';
import { listObject } from './stripe-objects';
import { isEu, RATES } from './tax-table';
import type { TaxSettings } from './tax-settings';

const listParams = z.object({ ...page, status: z.enum(['active', 'all', 'expired', 'scheduled']).optional() }).strict();
/** When the emulated seller's registrations took effect (2026-01-01). */
const ACTIVE_FROM = 1_767_225_600;

/** The seller's registrations as Stripe's GET /v1/tax/registrations lists them: EU countries under the OSS union scheme. */
function registrationObjects(settings: TaxSettings) {
  return [...settings.registrations].sort().map((country) => ({
    id: `taxreg_${createHash('sha256').update(country).digest('base64url').replace(/[-_]/g, '').slice(0, 24)}`,
    object: 'tax.registration',
    active_from: ACTIVE_FROM,
    country,
    country_options: { [country.toLowerCase()]: { type: isEu(country) && country !== settings.origin ? 'oss_union' : 'standard' } },
    created: ACTIVE_FROM,
    expires_at: null,
    livemode: false,
    status: 'active',
  }));
}

export function taxRegistrations(settings: TaxSettings, params: unknown): EmulatorAnswer {
  const parsed = parse(listParams, params);
  if ('answer' in parsed) return parsed.answer;
  const { limit = 10, starting_after: after, ending_before: before, status } = parsed.data;
  if (after && before) return invalid('You may only specify one of these parameters: starting_after, ending_before.');
  const all = status === 'expired' || status === 'scheduled' ? [] : registrationObjects(settings);
  const at = after ? all.findIndex((one) => one.id === after) + 1 : 0;
  const end = before
    ? Math.max(
        0,
        all.findIndex((one) => one.id === before),
      )
    : all.length;
  const window = before ? all.slice(Math.max(0, end - limit), end) : all.slice(at, at + limit);
  const hasMore = before ? end - limit > 0 : at + limit < all.length;
  return ok(listObject(window, '/v1/tax/registrations', hasMore));
}

/** GET /v1/tax/settings: Stripe Tax active, the head office in the origin country, prices tax-exclusive. */
export function taxSettingsAnswer(settings: TaxSettings): EmulatorAnswer {
  return ok({
    object: 'tax.settings',
    defaults: { provider: 'stripe', tax_behavior: 'exclusive', tax_code: 'txcd_10103001' },
    head_office: { address: { city: null, country: settings.origin, line1: null, line2: null, postal_code: null, state: null } },
    livemode: false,
    status: 'active',
    status_details: { active: {} },
  });
}

/** Whether the table has a rate for a country (for the checkout page's notes). */
export const hasRate = (country: string) => Object.hasOwn(RATES, country);
