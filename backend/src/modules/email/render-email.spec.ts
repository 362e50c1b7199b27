import { everyEmailKind } from '../../../../test/support/email-kinds';
import { renderEmail as render, type RenderOptions } from './render-email';
import type { EmailData, EmailKindName } from './email-kinds';

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
