import { taxLineLabel } from './tax-line-label';

const line = { country: 'DE', state: null, taxType: 'vat', percentage: 19, taxabilityReason: 'standard_rated' };

describe('taxLineLabel', () => {
  it('names the tax, its rate and where it is due', () => {
    expect(taxLineLabel(line)).toBe('VAT 19% (DE)');
    expect(taxLineLabel({ ...line, country: 'AU', taxType: 'gst', percentage: 10 })).toBe('GST 10% (AU)');
    expect(taxLineLabel({ ...line, country: 'CA', state: 'ON', taxType: 'hst', percentage: 13 })).toBe('HST 13% (CA-ON)');
    expect(taxLineLabel({ ...line, country: 'CH', percentage: 8.1 })).toBe('VAT 8.1% (CH)');
    expect(taxLineLabel({ ...line, country: 'US', taxType: 'digital_excise_tax', percentage: 2.5 })).toBe('Digital excise tax 2.5% (US)');
  });

  it('says the reverse charge, at 0%', () => {
    expect(taxLineLabel({ ...line, country: 'FR', percentage: 0, taxabilityReason: 'reverse_charge' })).toBe('Reverse charge — VAT 0%');
  });
});
