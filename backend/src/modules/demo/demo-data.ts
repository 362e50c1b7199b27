import type { HostScheduleInput } from '../../../../contracts/availability/availability.contract';
import type { AppConfig } from '../../platform/config/config.schema';
import { isProductionMode } from '../../platform/config/production-mode';

/** The demo host a fresh local install offers sessions with (named in the README). */
export const DEMO_HOST = { email: 'host@demo.systemsculpt.local', firstName: 'Demo', lastName: 'Host' } as const;

/**
 * Demo data belongs to the embedded defaults only: never in production nor beside real Stripe or
 * Clerk keys (a real install's hosts are real people), and not when LOCAL_DEMO_DATA is off.
 */
export function usesDemoData(config: Parameters<typeof isProductionMode>[0] & Pick<AppConfig, 'LOCAL_DEMO_DATA'>): boolean {
  return config.LOCAL_DEMO_DATA && !isProductionMode(config) && !config.STRIPE_SECRET_KEY && !config.CLERK_SECRET_KEY && !config.CLERK_PUBLISHABLE_KEY;
}

/** Who gets the admin (host) role in the local sign-in: LOCAL_ADMIN_EMAILS, and the demo host with the demo data. */
export function localAdminEmails(config: Parameters<typeof usesDemoData>[0] & Pick<AppConfig, 'LOCAL_ADMIN_EMAILS'>): string[] {
  return usesDemoData(config) ? [...new Set([...config.LOCAL_ADMIN_EMAILS, DEMO_HOST.email])] : config.LOCAL_ADMIN_EMAILS;
}

const OFFICE_HOURS = [{ start: '09:00', end: '17:00' }];

/** Weekdays 09:00–17:00 in London, 15 minutes between sessions, 4 hours' notice, 30 days ahead. */
export const DEMO_HOST_SCHEDULE: HostScheduleInput = {
  timeZone: 'Europe/London',
  weekly: { '1': OFFICE_HOURS, '2': OFFICE_HOURS, '3': OFFICE_HOURS, '4': OFFICE_HOURS, '5': OFFICE_HOURS, '6': [], '7': [] },
  overrides: {},
  bufferMinutes: 15,
  minimumNoticeMinutes: 240,
  horizonDays: 30,
  meetingUrl: 'https://meet.systemsculpt.local/demo-host',
};
