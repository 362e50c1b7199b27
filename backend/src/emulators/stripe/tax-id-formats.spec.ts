import { checkTaxId, verificationOf } from './tax-id-formats';
import { taxSettings } from './tax-settings';

describe("the emulator's tax id formats", () => {
  it.each([
    ['eu_vat', 'DE123456789', 'DE'],
    ['eu_vat', 'fr 12 345 678 901', 'FR'],
    ['eu_vat', 'EL123456789', 'EL'],
    ['eu_vat', 'IE1234567T', 'IE'],
    ['eu_vat', 'NL123456789B01', 'NL'],
    ['eu_vat', 'ATU12345678', 'AT'],
    ['gb_vat', 'GB123456789', 'GB'],
    ['no_vat', '123456789MVA', 'NO'],
    ['ch_vat', 'CHE-123.456.789 MWST', 'CH'],
    ['au_abn', '12 345 678 912', 'AU'],
    ['nz_gst', '123456789', 'NZ'],
    ['jp_cn', '1234567891234', 'JP'],
    ['jp_trn', 'T1234567891234', 'JP'],
    ['ca_bn', '123456789', 'CA'],
    ['ca_gst_hst', '123456789RT0002', 'CA'],
  ])('takes %s %s (country %s)', (type, value, country) => {
    expect(checkTaxId(type, value)).toEqual({ country });
  });

  it.each([
    ['eu_vat', 'DE12345678'],
    ['eu_vat', 'GB123456789'],
    ['eu_vat', 'XX123456789'],
    ['eu_vat', ''],
    ['gb_vat', '123456789'],
    ['no_vat', '123456789'],
    ['ch_vat', 'CHE123456789'],
    ['au_abn', '1234567891'],
    ['jp_trn', '1234567891234'],
    ['ca_gst_hst', '123456789'],
    ['us_ein', '12'],
    ['br_cnpj', '01.234.456/5432-10'],
  ])('refuses %s %s', (type, value) => {
    expect(checkTaxId(type, value)).toBeUndefined();
  });

  it("verifies by Stripe's test-mode magic values, and at once a type Stripe verifies", () => {
    expect(verificationOf('eu_vat', 'DE000000000', 'X').status).toBe('unverified');
    expect(verificationOf('eu_vat', 'DE222222222', 'X').status).toBe('pending');
    expect(verificationOf('eu_vat', 'DE123456789', 'Acme')).toEqual({ status: 'verified', verified_name: 'Acme', verified_address: null });
    expect(verificationOf('nz_gst', '123456789', null).status).toBe('unavailable');
    expect(verificationOf('nz_gst', '111111111', null).status).toBe('verified');
  });
});

describe("the seller's tax settings", () => {
  it('default to an Irish seller registered in every jurisdiction of the table', () => {
    const settings = taxSettings(undefined, undefined);
    expect(settings.origin).toBe('IE');
    expect(settings.registrations.size).toBe(34);
    expect(settings.registrations.has('US')).toBe(false);
  });

  it('read EU as the 27 member states and skip countries the table has no rate for', () => {
    const settings = taxSettings('de', ' gb , EU,us');
    expect(settings.origin).toBe('DE');
    expect([...settings.registrations]).toHaveLength(28);
    expect(settings.registrations.has('US')).toBe(false);
  });
});
