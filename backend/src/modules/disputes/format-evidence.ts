import { type DisputeEvidence, EVIDENCE_FIELD_MAX, type EvidenceFacts } from './dispute-evidence';

const day = (iso: string) => iso.slice(0, 10);
const stamp = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Stripe's evidence text, written from the facts alone: every sentence is something the log
 * recorded, and what it did not record is said to be missing rather than guessed.
 */
export function formatEvidence(facts: EvidenceFacts, siteUrl: string): DisputeEvidence {
  const { purchase } = facts;
  const evidence: DisputeEvidence = {
    customer_email_address: facts.customer.email ?? '',
    customer_name: facts.customer.name ?? '',
    product_description: purchase
      ? `${purchase.title} (${purchase.resourceId}), quantity ${purchase.quantity}: digital software and content delivered online by SystemSculpt (${siteUrl}). Paid ${money(purchase.amountCents, purchase.currency)} on ${day(purchase.completedAt)}.`
      : 'The purchase this payment was for is not in our records.',
    service_date: purchase ? day(purchase.completedAt) : '',
    access_activity_log: activityLog(facts),
    refund_policy_disclosure: facts.refundPolicyAccepted
      ? `The customer accepted the refund policy at checkout; it is published at ${siteUrl}/refund-policy.`
      : `The refund policy is published at ${siteUrl}/refund-policy. Our checkout does not record that the customer accepted it.`,
    uncategorized_text: receipt(facts),
  };
  // Stripe refuses a longer field; the facts are capped when read, this keeps a long history from failing the submission.
  return Object.fromEntries(Object.entries(evidence).map(([field, text]) => [field, text.slice(0, EVIDENCE_FIELD_MAX)])) as DisputeEvidence;
}

function activityLog(facts: EvidenceFacts): string {
  const lines: string[] = [];
  for (const license of facts.licenses) lines.push(`License ${license.keyHint} (${license.plan}) issued ${stamp(license.grantedAt)}.`);
  const { checks } = facts;
  lines.push(
    checks.count === 0
      ? 'No plugin license checks recorded.'
      : `${plural(checks.count, 'plugin license check')} from ${stamp(checks.first!)} to ${stamp(checks.last!)}.`,
  );
  for (const check of checks.latest)
    lines.push(
      `- ${stamp(check.checkedAt)}: check ${check.code}${check.pluginVersion ? `, plugin ${check.pluginVersion}` : ''}${check.device ? `, device ${check.device}` : ''}`,
    );
  lines.push(facts.devices.length === 0 ? 'No devices activated.' : `${plural(facts.devices.length, 'device')} activated:`);
  for (const device of facts.devices)
    lines.push(
      `- ${device.name ?? 'unnamed device'} activated ${stamp(device.activatedAt)}${device.releasedAt ? `, released ${stamp(device.releasedAt)}` : ''}`,
    );
  lines.push(facts.downloads.length === 0 ? 'No library downloads.' : 'Library downloads:');
  for (const d of facts.downloads)
    lines.push(`- ${d.fileName} (${d.resourceId}, version ${d.version}): ${plural(d.downloads, 'download')}, last ${stamp(d.lastDownloadedAt)}`);
  const { credits } = facts;
  lines.push(
    credits.entries === 0
      ? 'No AI credits used.'
      : `${credits.credits} AI credits used in ${plural(credits.entries, 'request')} from ${stamp(credits.first!)} to ${stamp(credits.last!)}.`,
  );
  return lines.join('\n');
}

function receipt(facts: EvidenceFacts): string {
  const { purchase } = facts;
  const lines = purchase
    ? [
        `Receipt: ${purchase.title} x${purchase.quantity}, ${money(purchase.amountCents, purchase.currency)}, paid ${stamp(purchase.completedAt)}${facts.customer.email ? ` by ${facts.customer.email}` : ''} (order ${purchase.checkoutRef}${purchase.paymentIntentId ? `, payment ${purchase.paymentIntentId}` : ''}).`,
      ]
    : ['No purchase recorded for this payment.'];
  lines.push(facts.emails.length === 0 ? 'No emails delivered to the customer.' : 'Emails delivered to the customer:');
  for (const email of facts.emails) lines.push(`- ${stamp(email.deliveredAt)}: ${email.kind}`);
  return lines.join('\n');
}
