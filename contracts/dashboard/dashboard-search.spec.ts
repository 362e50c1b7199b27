import { DASHBOARD_SECTIONS, dashboardSearchSchema } from './dashboard-search';

describe('dashboard search params', () => {
  it.each(DASHBOARD_SECTIONS)('keeps section=%s', (section) => {
    expect(dashboardSearchSchema.parse({ section })).toEqual({ section });
  });

  it('resets an unknown or malformed section to empty', () => {
    for (const section of ['invoices', '', 'Overview', 3, ['license']]) expect(dashboardSearchSchema.parse({ section })).toEqual({});
    expect(dashboardSearchSchema.parse({})).toEqual({});
  });
});
