import { EVIDENCE_FIELD_MAX, type EvidenceFacts, noFacts } from './dispute-evidence';
import { formatEvidence } from './format-evidence';

const SITE = 'https://systemsculpt.example';

describe('evidence for a purchase the log knows well', () => {
  const evidence = formatEvidence(facts(), SITE);

  it('names the customer and the product with its price and date', () => {
    expect(evidence.customer_email_address).toBe('ada@example.com');
    expect(evidence.customer_name).toBe('Ada Lovelace');
    expect(evidence.product_description).toContain('Lifetime license (lifetime-license), quantity 1');
    expect(evidence.product_description).toContain('Paid 199.00 USD on 2026-11-20');
    expect(evidence.service_date).toBe('2026-11-20');
  });

  it('lists the license, its checks, devices, downloads and credits with their dates', () => {
    expect(evidence.access_activity_log.split('\n')).toEqual([
      'License SSAI-…-7Q2XZ (lifetime) issued 2026-11-20 09:31 UTC.',
      '3 plugin license checks from 2026-11-20 10:00 UTC to 2026-11-23 08:15 UTC.',
      '- 2026-11-23 08:15 UTC: check valid, plugin 4.2.0, device 9f8e7d6c5b4a',
      '1 device activated:',
      '- MacBook activated 2026-11-20 10:00 UTC',
      'Library downloads:',
      '- templates.zip (starter-templates, version 2): 2 downloads, last 2026-11-21 12:00 UTC',
      '40 AI credits used in 2 requests from 2026-11-21 09:00 UTC to 2026-11-22 09:00 UTC.',
    ]);
  });

  it('gives the receipt and the emails delivered', () => {
    expect(evidence.uncategorized_text.split('\n')).toEqual([
      'Receipt: Lifetime license x1, 199.00 USD, paid 2026-11-20 09:30 UTC by ada@example.com (order ref-1, payment pi_1).',
      'Emails delivered to the customer:',
      '- 2026-11-20 09:31 UTC: purchase-receipt',
      '- 2026-11-20 09:31 UTC: license-key',
    ]);
  });

  it('says checkout recorded no acceptance of the refund policy, rather than claiming one', () => {
    expect(evidence.refund_policy_disclosure).toBe(
      `The refund policy is published at ${SITE}/refund-policy. Our checkout does not record that the customer accepted it.`,
    );
  });
});

describe('evidence for a payment with nothing in the log', () => {
  it('says what is missing, and leaves the customer fields empty', () => {
    const evidence = formatEvidence(noFacts(), SITE);
    expect(evidence).toMatchObject({ customer_email_address: '', customer_name: '', service_date: '' });
    expect(evidence.product_description).toBe('The purchase this payment was for is not in our records.');
    expect(evidence.access_activity_log).toBe('No plugin license checks recorded.\nNo devices activated.\nNo library downloads.\nNo AI credits used.');
    expect(evidence.uncategorized_text).toBe('No purchase recorded for this payment.\nNo emails delivered to the customer.');
  });
});

describe('a very long history', () => {
  it('is cut to the length Stripe accepts per field', () => {
    const long = { ...facts(), downloads: Array.from({ length: 400 }, (_, i) => ({ ...facts().downloads[0]!, fileName: `file-${i}-${'x'.repeat(60)}.zip` })) };
    expect(formatEvidence(long, SITE).access_activity_log).toHaveLength(EVIDENCE_FIELD_MAX);
  });
});

function facts(): EvidenceFacts {
  return {
    purchase: {
      checkoutRef: 'ref-1',
      title: 'Lifetime license',
      resourceId: 'lifetime-license',
      quantity: 1,
      amountCents: 19_900,
      currency: 'usd',
      completedAt: '2026-11-20T09:30:00.000Z',
      paymentIntentId: 'pi_1',
    },
    customer: { email: 'ada@example.com', name: 'Ada Lovelace' },
    licenses: [{ licenseId: 'lic_1', keyHint: 'SSAI-…-7Q2XZ', plan: 'lifetime', grantedAt: '2026-11-20T09:31:00.000Z' }],
    checks: {
      count: 3,
      first: '2026-11-20T10:00:00.000Z',
      last: '2026-11-23T08:15:00.000Z',
      latest: [{ checkedAt: '2026-11-23T08:15:00.000Z', code: 'valid', pluginVersion: '4.2.0', device: '9f8e7d6c5b4a' }],
    },
    devices: [{ name: 'MacBook', pluginVersion: '4.2.0', activatedAt: '2026-11-20T10:00:00.000Z', releasedAt: null }],
    downloads: [{ resourceId: 'starter-templates', fileName: 'templates.zip', version: 2, downloads: 2, lastDownloadedAt: '2026-11-21T12:00:00.000Z' }],
    credits: { entries: 2, credits: 40, first: '2026-11-21T09:00:00.000Z', last: '2026-11-22T09:00:00.000Z' },
    emails: [
      { kind: 'purchase-receipt', deliveredAt: '2026-11-20T09:31:00.000Z' },
      { kind: 'license-key', deliveredAt: '2026-11-20T09:31:10.000Z' },
    ],
    refundPolicyAccepted: false,
  };
}
