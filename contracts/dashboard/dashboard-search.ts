import { z } from 'zod';

export const DASHBOARD_SECTIONS = [
  'overview',
  'license',
  'resources',
  'sessions',
  'pending-payments',
  'billing',
  'licensed-users',
  'session-availability',
] as const;
export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number];

/** /dashboard search params (spec §5): `section` one of the sections; anything else resets to empty (the overview). */
export const dashboardSearchSchema = z.object({
  section: z.enum(DASHBOARD_SECTIONS).optional().catch(undefined),
});
export type DashboardSearch = z.output<typeof dashboardSearchSchema>;
