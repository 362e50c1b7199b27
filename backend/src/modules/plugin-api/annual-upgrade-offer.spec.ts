import { annualUpgradeOfferSchema } from '../../../../contracts/plugin/credits-v1';
import { annualUpgradeOffer } from './annual-upgrade-offer';

describe("the plugin's annual upgrade offer", () => {
  it('is a year of the monthly price against the annual one, two months free', () => {
    const offer = annualUpgradeOffer({ monthlyCents: 1900, annualCents: 19_000, annualResourceId: 'pro-annual', quantity: 1 });
    expect(offer).toEqual({
      amount_saved_cents: 3800,
      percent_saved: 17,
      annual_price_cents: 19_000,
      monthly_equivalent_annual_cents: 1583,
      checkout_path: '/checkout?resourceId=pro-annual&quantity=1',
    });
    expect(annualUpgradeOfferSchema.parse(offer)).toEqual(offer);
  });

  it('counts every seat held, and opens the switch with them', () => {
    expect(annualUpgradeOffer({ monthlyCents: 900, annualCents: 9000, annualResourceId: 'starter-annual', quantity: 3 })).toEqual({
      amount_saved_cents: 5400,
      percent_saved: 17,
      annual_price_cents: 27_000,
      monthly_equivalent_annual_cents: 2250,
      checkout_path: '/checkout?resourceId=starter-annual&quantity=3',
    });
  });

  it('is no offer when the annual plan saves nothing', () =>
    expect(annualUpgradeOffer({ monthlyCents: 900, annualCents: 10_800, annualResourceId: 'starter-annual', quantity: 1 })).toBeNull());
});
