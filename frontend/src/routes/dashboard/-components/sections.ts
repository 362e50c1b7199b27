import type { DashboardSection } from '@contracts/dashboard/dashboard-search';

export const SECTION_LABELS: Record<DashboardSection, string> = {
  overview: 'Overview',
  license: 'License',
  resources: 'Resources',
  'pending-payments': 'Pending payments',
  billing: 'Billing history',
  'licensed-users': 'Seats',
  sessions: 'Sessions',
  'session-availability': 'Availability',
};

/** Sections only hosts use (their hours and the sessions booked with them); other accounts never see the tab. */
export const HOST_ONLY_SECTIONS: ReadonlySet<DashboardSection> = new Set(['session-availability']);
