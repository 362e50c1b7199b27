import { DASHBOARD_SECTIONS } from '@contracts/dashboard/dashboard-search';
import { oneOf, searchReader } from '../../../lib/search-params';

/** The contract's dashboardSearchSchema, without zod (lib/search-params.spec.ts holds the two equal). */
export const readDashboardSearch = searchReader({ section: oneOf(DASHBOARD_SECTIONS) });
