import { lazyRouteComponent } from '@tanstack/react-router';
import type { DashboardSection } from '@contracts/dashboard/dashboard-search';
import { readDashboardSearch } from './dashboard-search';

// A section's code loads with that section (the loader fetches it before rendering), so the
// overview does not carry the sessions' dialogs, the availability editor or the library.
export const LicenseSection = lazyRouteComponent(() => import('./LicenseSection'), 'LicenseSection');
export const ResourcesSection = lazyRouteComponent(() => import('./ResourcesSection'), 'ResourcesSection');
export const PendingPaymentsSection = lazyRouteComponent(() => import('./PendingPaymentsSection'), 'PendingPaymentsSection');
export const BillingSection = lazyRouteComponent(() => import('./BillingSection'), 'BillingSection');
export const SeatsSection = lazyRouteComponent(() => import('./SeatsSection'), 'SeatsSection');
export const SessionsSection = lazyRouteComponent(() => import('./SessionsSection'), 'SessionsSection');
/** Where hosts set their availability. */
export const AvailabilitySection = lazyRouteComponent(() => import('./AvailabilityEditor'), 'AvailabilityEditor');

const CODE: Record<Exclude<DashboardSection, 'overview'>, { preload?: () => Promise<void> | undefined }> = {
  license: LicenseSection,
  resources: ResourcesSection,
  'pending-payments': PendingPaymentsSection,
  billing: BillingSection,
  'licensed-users': SeatsSection,
  sessions: SessionsSection,
  'session-availability': AvailabilitySection,
};

/** Fetches a section's code (nothing for the overview, which comes with the page). */
export function preloadSection(section: DashboardSection | undefined): Promise<void> | undefined {
  return section && section !== 'overview' ? CODE[section].preload?.() : undefined;
}

/**
 * The code of the section in the browser's address, which the browser must have before hydrating
 * the dashboard the server rendered (or the section would stay inert HTML for a moment after the
 * page counts as hydrated): the router awaits it on hydration (see router.tsx).
 */
export function preloadSectionOfAddress(): Promise<void> | undefined {
  return preloadSection(readDashboardSearch(Object.fromEntries(new URLSearchParams(window.location.search))).section);
}
