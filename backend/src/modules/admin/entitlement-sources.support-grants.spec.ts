import { USER, day, on, ref, derive, licenseGranted, resourceGranted, supportAction } from '../../../../test/support/access-history-events';

describe('deriveEntitlementSources', () => {
  describe('an admin grant', () => {
    it('is explained by the support action its causation id names: who, in which role, why', () => {
      const granted = resourceGranted('templates', 'free', 'support-grant-1', { causationId: 'event:900' });
      const [resource] = derive([granted], {}, { supportActions: new Map([['event:900', supportAction()]]) });
      expect(resource!.source).toEqual({
        kind: 'admin',
        at: day(2),
        actionId: 'action-1',
        actorId: 'admin_7',
        actorRole: 'support',
        reason: 'Course bought on the old site',
      });
      expect(resource!.ends).toEqual({ state: 'active', at: null, by: 'none', alsoEndedBy: ['revoked_by_support'] });
      expect(resource!.events.map((e) => [e.position, e.type])).toEqual([
        [ref(granted).position, 'ResourceAccessGranted'],
        ['900', 'SupportActionRecorded'],
      ]);
    });

    it('explains credits support added the same way, which no refund can take back', () => {
      const added = on(
        {
          type: 'AddOnCreditsAdded',
          data: { userId: USER, packId: 'support:action-1', resourceId: 'api-credits', title: 'Goodwill credits', credits: 500, at: day(2) },
        },
        { causationId: 'event:900' },
      );
      const [pack] = derive([added], {}, { supportActions: new Map([['event:900', supportAction()]]) });
      expect(pack).toMatchObject({ kind: 'credit_pack', source: { kind: 'admin', reason: 'Course bought on the old site' } });
      expect(pack!.ends).toEqual({ state: 'active', at: null, by: 'none', alsoEndedBy: [] });
    });

    it('links a license extension to the support action behind it', () => {
      const granted = licenseGranted('lic-x', { kind: 'subscription', validUntil: day(30) });
      const extended = on(
        { type: 'LicenseTermChanged', data: { licenseId: 'lic-x', status: 'active', validUntil: day(60), at: day(3) } },
        { causationId: 'event:900' },
      );
      const [license] = derive(
        [granted, extended],
        { licenses: new Map([['lic-x', { status: 'active', validUntil: new Date(day(60)) }]]) },
        {
          supportActions: new Map([['event:900', supportAction()]]),
        },
      );
      expect(license!.source).toEqual({ kind: 'unrecorded', at: day(1) });
      expect(license!.ends).toMatchObject({ state: 'active', at: day(60), by: 'period_end' });
      expect(license!.events.map((e) => e.type)).toEqual(['LicenseGranted', 'LicenseTermChanged', 'SupportActionRecorded']);
    });

    describe('an extension of a subscription’s license', () => {
      const granted = licenseGranted('lic-x', { kind: 'subscription', subscriptionId: 'sub_1', validUntil: day(30) });
      const extendedTo = (until: string, causationId = 'event:900') =>
        on({ type: 'LicenseExtended', data: { licenseId: 'lic-x', until, at: day(3) } }, { causationId });
      const cancelled = {
        subscriptions: new Map([
          ['sub_1', { status: 'cancelled' as const, currentPeriodEnd: new Date(day(30)), cancelAt: null, cancelledAt: new Date(day(4)) }],
        ]),
      };
      const actions = { supportActions: new Map([['event:900', { ...supportAction(), kind: 'extend_license', actorRole: 'owner' }]]) };

      it('is a source of its own, next to the plan: who extended it, why, and to when', () => {
        const extended = extendedTo(day(60));
        const [plan, extension] = derive([granted, extended], cancelled, actions);
        expect(plan).toMatchObject({ kind: 'plan', ends: { state: 'ended', by: 'cancellation' } });
        expect(extension).toEqual({
          id: 'extension:lic-x',
          kind: 'extension',
          title: 'pro',
          detail: 'Keeps the license and its credits active, even if the subscription ends sooner',
          source: { kind: 'admin', at: day(2), actionId: 'action-1', actorId: 'admin_7', actorRole: 'owner', reason: 'Course bought on the old site' },
          ends: { state: 'active', at: day(60), by: 'period_end', alsoEndedBy: ['refund', 'dispute', 'revoked_by_support'] },
          events: [ref(extended), { position: '900', type: 'SupportActionRecorded', at: day(2) }],
        });
      });

      it('keeps the license’s included credits while it holds, past the cancelled plan', () => {
        const withCredits = licenseGranted('lic-x', { kind: 'subscription', subscriptionId: 'sub_1', includedCreditsPerMonth: 500, validUntil: day(30) });
        const entitlements = derive([withCredits, extendedTo(day(60))], cancelled, actions);
        expect(entitlements.find((e) => e.kind === 'included_credits')!.ends).toEqual({
          state: 'active',
          at: day(60),
          by: 'period_end',
          alsoEndedBy: ['refund', 'dispute', 'revoked_by_support'],
        });
      });

      it('shows the latest date when extended again, and has ended once that date has passed', () => {
        const later = extendedTo(day(60));
        const [, extension] = derive([granted, later, extendedTo(day(45), 'event:901')], {}, { ...actions, now: new Date(day(61)) });
        expect(extension!.ends).toEqual({ state: 'ended', at: day(60), by: 'period_end', alsoEndedBy: [] });
        expect(extension!.events.map((e) => e.type)).toEqual(['LicenseExtended', 'LicenseExtended', 'SupportActionRecorded']);
      });

      it('ends with the license when it is revoked', () => {
        const revoked = on({ type: 'LicenseRevoked', data: { licenseId: 'lic-x', reason: 'admin', at: day(4) } });
        const [, extension] = derive([granted, extendedTo(day(60)), revoked], {}, actions);
        expect(extension!.ends).toEqual({ state: 'ended', at: day(4), by: 'revoked_by_support', alsoEndedBy: [] });
      });
    });

    it('keeps the ordinary source when the cause is no support action', () => {
      const granted = resourceGranted('templates', 'free', 'freeaccess-user_1-templates', { causationId: 'event:901' });
      expect(derive([granted], {}, { supportActions: new Map([['event:900', supportAction()]]) })[0]!.source).toEqual({ kind: 'free', at: day(1) });
    });
  });
});
