/**
 * One line a person reads for an event: its type in words, then the few facts its data names
 * (what, which plan, how much, who, why). Generic on purpose: every event type gets a line, and
 * a new type reads well without an entry here.
 */
export function summarizeEvent(type: string, data: unknown): string {
  if (type === 'SupportActionRecorded') return supportActionLine(data);
  const facts = factsOf(typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {});
  return facts.length ? `${inWords(type)}: ${facts.join(', ')}` : inWords(type);
}

/** "PurchaseCompleted" → "Purchase completed". */
export function inWords(type: string): string {
  const words = type.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function factsOf(data: Record<string, unknown>): string[] {
  const facts: string[] = [];
  const text = (key: string) => (typeof data[key] === 'string' && data[key] !== '' ? (data[key] as string) : null);
  const what = text('title') ?? text('sessionTitle') ?? text('resourceId');
  if (what) facts.push(what);
  const plan = text('plan') ?? text('toPlan');
  if (plan) facts.push(`plan ${plan}`);
  const amount = money(data['amountCents'] ?? data['refundedCents'], text('currency'));
  if (amount) facts.push(amount);
  if (typeof data['credits'] === 'number') facts.push(`${data['credits']} credits`);
  const who = text('email') ?? text('deviceName');
  if (who) facts.push(who);
  const why = text('reason');
  if (why) facts.push(`reason: ${why}`);
  return facts;
}

function money(cents: unknown, currency: string | null): string | null {
  if (typeof cents !== 'number' || !currency) return null;
  return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

/** "Support action: grant credits by support user_1, 200 credits, reason: …": who did what, and why. */
function supportActionLine(data: unknown): string {
  const action = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const actor = typeof action['actor'] === 'object' && action['actor'] !== null ? (action['actor'] as Record<string, unknown>) : {};
  const details = typeof action['details'] === 'object' && action['details'] !== null ? (action['details'] as Record<string, unknown>) : {};
  const kind = typeof action['kind'] === 'string' ? action['kind'].replace(/_/g, ' ') : 'action';
  const facts = factsOf({ ...details, amountCents: details['amount'], reason: action['reason'] });
  return [`Support action: ${kind} by ${String(actor['role'] ?? 'admin')} ${String(actor['id'] ?? '')}`.trim(), ...facts].join(', ');
}
