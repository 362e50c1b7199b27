import type { DashboardSection } from '../../../../../contracts/dashboard/dashboard-search';

export const SECTION_LABELS: Record<DashboardSection, string> = {
  overview: 'Overview',
  license: 'License',
  resources: 'Resources',
  'pending-payments': 'Pending payments',
  'licensed-users': 'Licensed users',
  sessions: 'Sessions',
  'session-availability': 'Availability',
};
