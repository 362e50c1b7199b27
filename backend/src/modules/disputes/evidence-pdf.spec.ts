import { pdfPageCount, pdfText } from '../../../../test/support/pdf-text';
import { noFacts } from './dispute-evidence';
import { evidencePdf } from './evidence-pdf';
import { evidenceReport } from './evidence-report';
import { breakLongRuns, pdfSafeText } from './pdf-safe-text';

const dispute = {
  disputeId: 'dp_test123',
  chargeId: 'ch_test456',
  amountCents: 19_900,
  currency: 'usd',
  reason: 'fraudulent',
  status: 'needs_response' as const,
  openedAt: '2026-11-20T10:00:00.000Z',
  dueBy: '2026-12-01T10:00:00.000Z',
  submittedAt: null,
  customerEmail: 'dee@example.com',
  userId: 'user-1',
};
const evidence = {
  customer_email_address: 'dee@example.com',
  customer_name: 'Dee Sputer',
  product_description: 'Lifetime license',
  service_date: '2026-11-01',
  access_activity_log: '2 plugin license checks',
  refund_policy_disclosure: '',
  uncategorized_text: 'Receipt sent.',
};
const at = '2026-11-25T05:00:00.000Z';
const HOSTILE = `nul\u0000 lone\uD800 low\uDC00 emoji😀 cjk漢字 rtl\u202E bell\u0007 tab\tend café € “quoted”`;

describe('pdfSafeText', () => {
  it('keeps WinAnsi text and replaces everything else with a visible ?', () => {
    expect(pdfSafeText(HOSTILE, 1_000)).toBe('nul? lone? low? emoji? cjk?? rtl? bell? tab    end café € “quoted”');
  });

  it('cuts text past the limit and says how much', () => {
    expect(pdfSafeText('x'.repeat(100_000), 10)).toBe(`${'x'.repeat(10)}… [99990 more characters cut]`);
  });
});

describe('breakLongRuns', () => {
  it('puts a space into runs longer than the limit and leaves words alone', () => {
    expect(breakLongRuns('short words stay abcdefghijkl', 5)).toBe('short words stay abcde fghij kl');
    expect(breakLongRuns('abcde fghij', 5)).toBe('abcde fghij');
  });
});

describe('evidencePdf', () => {
  it('draws the dispute, every field and the facts, with page numbers', async () => {
    const facts = { ...noFacts(), devices: [{ name: 'Work laptop', pluginVersion: '1.0.0', activatedAt: at, releasedAt: null }] };
    const pdf = await evidencePdf(evidenceReport({ ...dispute }, evidence, facts, at));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const fact of [
      'Dispute evidence: dp_test123',
      'ch_test456',
      '199.00 USD',
      'fraudulent',
      'Dee Sputer',
      'Lifetime license',
      'Work laptop',
      `Generated ${at}`,
    ])
      expect(text).toContain(fact);
    expect(text).toContain('Page 1 of 1');
  });

  it('renders hostile customer data (NUL, lone surrogates, emoji, CJK, 100 KB strings) without throwing', async () => {
    const huge = `${HOSTILE} ${'A'.repeat(100_000)}`;
    const hostile = Object.fromEntries(Object.keys(evidence).map((field) => [field, huge])) as typeof evidence;
    const facts = {
      ...noFacts(),
      devices: [{ name: huge, pluginVersion: HOSTILE, activatedAt: at, releasedAt: null }],
      downloads: [{ resourceId: 'r', fileName: `${'漢'.repeat(50_000)}😀`, version: 1, downloads: 1, lastDownloadedAt: at }],
    };
    const pdf = await evidencePdf(evidenceReport({ ...dispute, reason: HOSTILE }, hostile, facts, at));
    const text = pdfText(pdf);
    expect(text).toContain('emoji? cjk??');
    expect(text).toContain('more characters cut]');
  });

  it('carries a long table across pages under a repeated header row', async () => {
    const checks = Array.from({ length: 150 }, (_, i) => ({ checkedAt: at, code: `allowed-${i}`, pluginVersion: '1.0.0', device: `Device ${i}` }));
    const facts = { ...noFacts(), checks: { count: 150, first: at, last: at, latest: checks } };
    const pdf = await evidencePdf(evidenceReport({ ...dispute }, evidence, facts, at));
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(2);
    const text = pdfText(pdf).split('\n');
    // The header's "Result" cell once per page the table covers, and every row exactly once.
    expect(text.filter((line) => line === 'Result').length).toBeGreaterThanOrEqual(pages - 1);
    expect(text.filter((line) => /^allowed-\d+$/.test(line))).toHaveLength(150);
    expect(text).toContain(`Page ${pages} of ${pages}`);
  });
});
