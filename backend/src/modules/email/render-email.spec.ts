import { everyEmailKind } from '../../../../test/support/email-kinds';
import { renderEmail as render, type RenderOptions } from './render-email';
import type { EmailData, EmailKindName } from './email-kinds';
import type { ChargeTax, TaxLine } from '../../../../contracts/billing/charge-tax';
import { REVERSE_CHARGE_NOTE } from '../../../../contracts/billing/document-text';

const context = {
  siteUrl: 'https://systemsculpt.com',
  supportEmail: 'support@systemsculpt.com',
  timeZone: 'Europe/Berlin',
  manageUrl: 'https://systemsculpt.com/manage-email?email=ada%40example.com&token=t',
};
const emailKinds = everyEmailKind();
const renderEmail = <K extends EmailKindName>(name: K, data: EmailData<K>, options: RenderOptions) => render(emailKinds, name, data, options);
const names = emailKinds.names();

describe('every email kind', () => {
  it.each(names)('%s renders a subject, a complete HTML part and a plain-text part from its sample', (name) => {
    const email = renderEmail(name, emailKinds.get(name).sample as never, context);
    expect(email.subject.length).toBeGreaterThan(5);
    expect(email.subject).not.toMatch(/undefined|null|NaN|\[object/);
    expect(email.html).toMatch(/^<!doctype html>/);
    expect(email.html).toContain('</html>');
    expect(email.html).not.toMatch(/undefined|NaN|\[object/);
    expect(email.text).not.toMatch(/<\/?(p|a|strong|div|table|tr|td|br|li|ul|h1|span)\b|undefined|NaN|\[object/i);
    expect(email.text.length).toBeGreaterThan(40);
  });

  it.each(names)('%s links to the preference page in both parts', (name) => {
    const email = renderEmail(name, emailKinds.get(name).sample as never, context);
    expect(email.html).toContain(
      '<a href="https://systemsculpt.com/manage-email?email=ada%40example.com&amp;token=t" style="color:#575272">Manage your emails</a>',
    );
    expect(email.text).toContain(`Manage your emails: ${context.manageUrl}`);
    expect(() => renderEmail(name, emailKinds.get(name).sample as never, { ...context, manageUrl: '' })).toThrow(/manage-email link/);
  });

  it.each(names.filter((n) => emailKinds.get(n).topic !== 'transactional'))('%s (topic mail) also offers the one-click unsubscribe from its topic', (name) => {
    const unsubscribeUrl = 'https://systemsculpt.com/email/unsubscribe?email=ada%40example.com&topic=x&token=u';
    const email = renderEmail(name, emailKinds.get(name).sample as never, { ...context, unsubscribeUrl });
    expect(email.html).toContain('https://systemsculpt.com/email/unsubscribe?email=ada%40example.com&amp;topic=x&amp;token=u');
    expect(email.text).toMatch(new RegExp(`Unsubscribe from [a-z ]+ emails: ${unsubscribeUrl.replace(/[?.]/g, '\\$&')}`));
  });
});

describe('what an email says', () => {
  it("shows times in the recipient's zone and names the zone", () => {
    const data = emailKinds.get('booking-confirmation').sample;
    expect(renderEmail('booking-confirmation', data, context).text).toContain('Tuesday, December 1, 2026 at 3:00 PM (Central European Standard Time)');
    expect(renderEmail('booking-confirmation', data, { ...context, timeZone: 'America/New_York' }).text).toContain('9:00 AM (Eastern Standard Time)');
    expect(renderEmail('booking-confirmation', data, { ...context, timeZone: 'Not/AZone' }).text).toContain('2:00 PM (Coordinated Universal Time)');
  });

  it('escapes what people typed', () => {
    const email = renderEmail('contact-acknowledgement', { name: '<b>Eve</b>', topic: 'Other', message: '<script>alert(1)</script> & more' }, context);
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(email.html).toContain('Hi &lt;b&gt;Eve&lt;/b&gt;');
    expect(email.text).toContain('> <script>alert(1)</script> & more');
  });

  it('prints money and the license key as they are', () => {
    const receipt = renderEmail('purchase-receipt', emailKinds.get('purchase-receipt').sample, context);
    expect(receipt.subject).toBe('Your SystemSculpt receipt ($597.00)');
    expect(receipt.text).toContain('Lifetime License × 3: $597.00');
    const key = renderEmail('license-key', emailKinds.get('license-key').sample, context);
    expect(key.text).toContain('SSAI-7K2QX-M9D4R-0TWZC-H8NFB-3VJ5E');
    expect(key.html).toContain('SSAI-7K2QX-M9D4R-0TWZC-H8NFB-3VJ5E');
  });
});

describe('receipts with the tax of the charge', () => {
  const buyer = { name: 'Ada', businessName: null, address: null, taxIds: [] };
  const vat = (country: string, percentage: number, taxableAmountCents: number, amountCents: number): TaxLine => ({
    country,
    state: null,
    taxType: 'vat',
    percentage,
    taxabilityReason: percentage === 0 ? 'reverse_charge' : 'standard_rated',
    taxableAmountCents,
    amountCents,
  });
  const taxed = (currency: string, subtotalCents: number, lines: TaxLine[], reverseCharge = false): ChargeTax => {
    const taxCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
    return { currency, subtotalCents, taxCents, totalCents: subtotalCents + taxCents, reverseCharge, lines, buyer };
  };
  /** The plain-text part's lines that are a label and one value (an amount, an invoice number), in order. */
  const factLines = (text: string) => text.split('\n').filter((line) => /^[^:]{1,60}: \S*\d\S*$/.test(line));

  it('a purchase shows the price before tax, the subtotal, one line per rate with its country, and the total, in the charge’s currency', () => {
    const sample = emailKinds.get('purchase-receipt').sample;
    const tax = taxed('eur', 59700, [vat('DE', 19, 19900, 3781), vat('DE', 19, 39800, 7562)]);
    const email = renderEmail(
      'purchase-receipt',
      { ...sample, currency: 'EUR', items: [{ title: 'Lifetime License', quantity: 3, amountCents: 59700 }], totalCents: tax.totalCents, tax },
      context,
    );
    expect(factLines(email.text)).toEqual(['Lifetime License × 3: €597.00', 'Subtotal: €597.00', 'VAT 19% (Germany): €113.43', 'Total paid: €710.43']);
    expect(email.html).toContain('VAT 19% (Germany)');
    expect(email.html).toContain('€113.43');
    expect(email.text).not.toContain('Reverse charge');
    expect(email.subject).toBe('Your SystemSculpt receipt (€710.43)');
  });

  it('a renewal under the reverse charge shows the 0% line and says who accounts for the VAT', () => {
    const sample = emailKinds.get('subscription-renewed').sample;
    const tax = taxed('eur', 1900, [vat('FR', 0, 1900, 0)], true);
    const email = renderEmail('subscription-renewed', { ...sample, amountCents: 1900, currency: 'EUR', tax }, context);
    expect(factLines(email.text)).toEqual(
      expect.arrayContaining(['Subtotal: €19.00', 'VAT 0% (France): €0.00', 'Total paid: €19.00', 'Invoice: A1B2C3D-0002']),
    );
    expect(email.text).not.toContain('Amount paid');
    expect(email.text).toContain(REVERSE_CHARGE_NOTE);
    expect(email.html).toContain(REVERSE_CHARGE_NOTE);
  });

  it('a plan change shows its rate with the country named in full; a known tax without lines is one Tax line', () => {
    const sample = emailKinds.get('plan-change-receipt').sample;
    const uk = taxed('gbp', 1000, [vat('GB', 20, 1000, 200)]);
    const email = renderEmail('plan-change-receipt', { ...sample, amountCents: 1200, currency: 'GBP', tax: uk }, context);
    expect(factLines(email.text)).toEqual(expect.arrayContaining(['Subtotal: £10.00', 'VAT 20% (United Kingdom): £2.00', 'Total paid: £12.00']));
    const untaxed = taxed('usd', 1000, []);
    const us = renderEmail('plan-change-receipt', { ...sample, tax: untaxed }, context);
    expect(factLines(us.text)).toEqual(expect.arrayContaining(['Subtotal: $10.00', 'Tax: $0.00', 'Total paid: $10.00']));
  });

  it('without tax (charges recorded before it was collected) the receipts are as they were', () => {
    for (const name of ['purchase-receipt', 'subscription-renewed', 'plan-change-receipt'] as const) {
      const email = renderEmail(name, { ...emailKinds.get(name).sample, tax: null } as never, context);
      expect(email.text).not.toMatch(/Subtotal|VAT|Reverse charge/);
      expect(email.text).toMatch(/(Total|Amount) paid: \$/);
    }
  });
});
