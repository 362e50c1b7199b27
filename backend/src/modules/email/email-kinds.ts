import { formatMoney } from '../../../../contracts/catalog/number-format';
import { codeBox, facts, paragraph } from './templates/layout';
import { html, type SafeHtml } from '../../platform/common/html';
import { formatDay, formatWhen } from './templates/when';

import type { EmailTopic } from '../../../../contracts/email/email-topics';

export { EMAIL_TOPICS, type EmailTopic } from '../../../../contracts/email/email-topics';

export interface RenderContext {
  siteUrl: string;
  supportEmail: string;
  /** IANA zone; times are shown in it and named. */
  timeZone: string;
}

export interface RenderedParts {
  subject: string;
  preheader: string;
  heading: string;
  body: SafeHtml;
  text: string;
  action?: { label: string; href: string };
}

export interface EmailKind<Data> {
  topic: EmailTopic | 'transactional';
  /** Data for the outbox page's preview. */
  sample: Data;
  render(data: Data, context: RenderContext): RenderedParts;
}

const link = (context: RenderContext, path: string) => new URL(path, context.siteUrl).toString();
const greeting = (name?: string | null) => (name ? `Hi ${name},` : 'Hello,');
const lines = (...parts: Array<string | false | null | undefined>) => parts.filter((p): p is string => typeof p === 'string').join('\n');
const joinHtml = (d: { meetingUrl: string | null; hostName: string }) =>
  d.meetingUrl ? html`Join at <a href="${d.meetingUrl}">${d.meetingUrl}</a>.` : html`${d.hostName} will send you the link to join before the session.`;
const joinText = (d: { meetingUrl: string | null; hostName: string }) => (d.meetingUrl ? `Join: ${d.meetingUrl}` : `${d.hostName} will send you the link to join before the session.`);

interface Purchase {
  name?: string | null;
  orderId: string;
  paidAt: string;
  items: Array<{ title: string; quantity: number; amountCents: number }>;
  totalCents: number;
  currency: string;
}

interface LicenseKey {
  name?: string | null;
  planTitle: string;
  licenseKey: string;
  seats: number;
}

interface Booking {
  name?: string | null;
  sessionTitle: string;
  startsAt: string;
  minutes: number;
  /** Null when the host sends the link themselves. */
  meetingUrl: string | null;
  hostName: string;
}

/** Any kind, whatever its data (render is a method, so its parameter is compared loosely). */
interface AnyEmailKind {
  topic: EmailTopic | 'transactional';
  sample: unknown;
  render(data: never, context: RenderContext): RenderedParts;
}

function kind<Data>(definition: EmailKind<Data>): EmailKind<Data> {
  return definition;
}

/**
 * Every email the site sends. Adding one is one entry here: its topic (or transactional), sample
 * data, and how it renders (subject, HTML body and plain text); the trigger lives with the event.
 */
export const emailKinds = {
  'purchase-receipt': kind<Purchase>({
    topic: 'transactional',
    sample: { name: 'Ada', orderId: 'cs_test_a1B2c3', paidAt: '2026-11-23T14:05:00Z', items: [{ title: 'Lifetime License', quantity: 3, amountCents: 59700 }], totalCents: 59700, currency: 'USD' },
    render: (d, c) => {
      const rows: Array<[string, string]> = [...d.items.map((i): [string, string] => [`${i.title} × ${i.quantity}`, formatMoney(i.amountCents, d.currency)]), ['Total paid', formatMoney(d.totalCents, d.currency)]];
      return {
        subject: `Your SystemSculpt receipt (${formatMoney(d.totalCents, d.currency)})`,
        preheader: `Thank you. Order ${d.orderId}, paid ${formatDay(d.paidAt, c.timeZone)}.`,
        heading: 'Thank you for your purchase',
        body: html`${paragraph(greeting(d.name))}${paragraph(html`Your payment went through on ${formatWhen(d.paidAt, c.timeZone)}. This is your receipt for order <strong>${d.orderId}</strong>.`)}${facts(rows)}${paragraph('Everything you bought is in your dashboard now.')}`,
        text: lines(greeting(d.name), '', `Your payment went through on ${formatWhen(d.paidAt, c.timeZone)}. This is your receipt for order ${d.orderId}.`, '', ...rows.map(([l, v]) => `${l}: ${v}`), '', `Your dashboard: ${link(c, '/dashboard')}`),
        action: { label: 'Open your dashboard', href: link(c, '/dashboard') },
      };
    },
  }),
  'license-key': kind<LicenseKey>({
    topic: 'transactional',
    sample: { name: 'Ada', planTitle: 'Lifetime License', licenseKey: 'SSAI-7K2QX-M9D4R-0TWZC-H8NFB-3VJ5E', seats: 3 },
    render: (d, c) => ({
      subject: `Your ${d.planTitle} key`,
      preheader: `Paste it into SystemSculpt AI's Account tab. ${d.seats} ${d.seats === 1 ? 'seat' : 'seats'}.`,
      heading: 'Your license key',
      body: html`${paragraph(greeting(d.name))}${paragraph(html`Here is the key for your <strong>${d.planTitle}</strong>. In Obsidian, open Settings → SystemSculpt AI → Account and paste it in.`)}${codeBox(d.licenseKey)}${paragraph(d.seats > 1 ? `It covers ${d.seats} seats: invite the people who should use it from the Licensed users section of your dashboard.` : 'It covers one seat.')}${paragraph('Keep the key private: anyone with it can use your license.')}`,
      text: lines(greeting(d.name), '', `Here is the key for your ${d.planTitle}. In Obsidian, open Settings → SystemSculpt AI → Account and paste it in.`, '', d.licenseKey, '', `Seats: ${d.seats}. Manage them at ${link(c, '/dashboard?section=licensed-users')}`, 'Keep the key private: anyone with it can use your license.'),
      action: { label: 'Manage your license', href: link(c, '/dashboard?section=license') },
    }),
  }),
  'seat-invitation': kind<{ ownerName: string; planTitle: string; acceptUrl: string }>({
    topic: 'transactional',
    sample: { ownerName: 'Ada Lovelace', planTitle: 'Lifetime License', acceptUrl: 'http://localhost:3000/invite/lic_0123456789abcdef01234567.Ym9AZXhhbXBsZS5jb20.signature' },
    render: (d) => ({
      subject: `${d.ownerName} gave you a seat on SystemSculpt AI`,
      preheader: `A seat on their ${d.planTitle} is yours: accept it to get your key.`,
      heading: 'You have a SystemSculpt AI seat',
      body: html`${paragraph(html`${d.ownerName} added you to their <strong>${d.planTitle}</strong>. Accept the invitation to create your account with this email address (or sign in, if you have one) and get your license key for the plugin.`)}${paragraph("If you weren't expecting this, you can ignore this email.")}`,
      text: lines(`${d.ownerName} added you to their ${d.planTitle}. Accept the invitation to create your account with this email address (or sign in, if you have one) and get your license key for the plugin:`, d.acceptUrl, '', "If you weren't expecting this, you can ignore this email."),
      action: { label: 'Accept your seat', href: d.acceptUrl },
    }),
  }),
  'subscription-renewed': kind<{ name?: string | null; planTitle: string; amountCents: number; currency: string; periodEndsAt: string }>({
    topic: 'transactional',
    sample: { name: 'Ada', planTitle: 'Pro Monthly', amountCents: 2000, currency: 'USD', periodEndsAt: '2026-12-23T14:05:00Z' },
    render: (d, c) => ({
      subject: `${d.planTitle} renewed`,
      preheader: `${formatMoney(d.amountCents, d.currency)} paid; next renewal ${formatDay(d.periodEndsAt, c.timeZone)}.`,
      heading: 'Your subscription renewed',
      body: html`${paragraph(greeting(d.name))}${paragraph(html`We charged <strong>${formatMoney(d.amountCents, d.currency)}</strong> for another month of ${d.planTitle}. Your included credits have been reset.`)}${facts([['Next renewal', formatWhen(d.periodEndsAt, c.timeZone)]])}`,
      text: lines(greeting(d.name), '', `We charged ${formatMoney(d.amountCents, d.currency)} for another month of ${d.planTitle}. Your included credits have been reset.`, `Next renewal: ${formatWhen(d.periodEndsAt, c.timeZone)}`, '', `Billing: ${link(c, '/dashboard?section=license')}`),
      action: { label: 'View billing', href: link(c, '/dashboard?section=license') },
    }),
  }),
  'renewal-failed': kind<{ name?: string | null; planTitle: string; amountCents: number; currency: string; payUrl: string; retryAt?: string | null }>({
    topic: 'transactional',
    sample: { name: 'Ada', planTitle: 'Pro Monthly', amountCents: 2000, currency: 'USD', payUrl: 'http://localhost:3000/dashboard?section=pending-payments', retryAt: '2026-11-26T14:05:00Z' },
    render: (d, c) => ({
      subject: `Action needed: your ${d.planTitle} payment didn't go through`,
      preheader: `Pay ${formatMoney(d.amountCents, d.currency)} to keep your plan active.`,
      heading: "Your renewal payment didn't go through",
      body: html`${paragraph(greeting(d.name))}${paragraph(html`We couldn't charge <strong>${formatMoney(d.amountCents, d.currency)}</strong> for ${d.planTitle}. Your plan stays active while you sort it out.`)}${d.retryAt ? paragraph(`We'll try again on ${formatWhen(d.retryAt, c.timeZone)}, or you can pay now with another card.`) : paragraph('Pay now with another card to keep your plan.')}`,
      text: lines(greeting(d.name), '', `We couldn't charge ${formatMoney(d.amountCents, d.currency)} for ${d.planTitle}. Your plan stays active while you sort it out.`, d.retryAt ? `We'll try again on ${formatWhen(d.retryAt, c.timeZone)}, or pay now:` : 'Pay now:', d.payUrl),
      action: { label: 'Pay now', href: d.payUrl },
    }),
  }),
  'pending-payment-reminder': kind<{ name?: string | null; itemTitle: string; amountCents: number; currency: string; payUrl: string; expiresAt: string }>({
    topic: 'transactional',
    sample: { name: 'Ada', itemTitle: 'Obsidian Templates Bundle', amountCents: 2900, currency: 'USD', payUrl: 'http://localhost:3000/dashboard?section=pending-payments', expiresAt: '2026-11-25T14:05:00Z' },
    render: (d, c) => ({
      subject: `Your ${d.itemTitle} is waiting for payment`,
      preheader: `Complete the payment by ${formatDay(d.expiresAt, c.timeZone)}.`,
      heading: 'Finish your purchase',
      body: html`${paragraph(greeting(d.name))}${paragraph(html`Your order for <strong>${d.itemTitle}</strong> (${formatMoney(d.amountCents, d.currency)}) is waiting for payment. It stays open until ${formatWhen(d.expiresAt, c.timeZone)}.`)}`,
      text: lines(greeting(d.name), '', `Your order for ${d.itemTitle} (${formatMoney(d.amountCents, d.currency)}) is waiting for payment. It stays open until ${formatWhen(d.expiresAt, c.timeZone)}.`, d.payUrl),
      action: { label: 'Complete payment', href: d.payUrl },
    }),
  }),
  'booking-confirmation': kind<Booking>({
    topic: 'transactional',
    sample: { name: 'Ada', sessionTitle: '1-on-1 Setup Session (60 min)', startsAt: '2026-12-01T14:00:00Z', minutes: 60, meetingUrl: 'https://meet.example.com/sculpt-ada', hostName: 'Mike' },
    render: (d, c) => ({
      subject: `Booked: ${d.sessionTitle}, ${formatDay(d.startsAt, c.timeZone)}`,
      preheader: `${formatWhen(d.startsAt, c.timeZone)} with ${d.hostName}. The calendar invite is attached.`,
      heading: 'Your session is booked',
      body: html`${paragraph(greeting(d.name))}${facts([['Session', d.sessionTitle], ['When', formatWhen(d.startsAt, c.timeZone)], ['Length', `${d.minutes} minutes`], ['With', d.hostName]])}${paragraph(html`${joinHtml(d)} The calendar invite is attached; you can reschedule or cancel from your dashboard.`)}`,
      text: lines(greeting(d.name), '', `Session: ${d.sessionTitle}`, `When: ${formatWhen(d.startsAt, c.timeZone)}`, `Length: ${d.minutes} minutes`, `With: ${d.hostName}`, joinText(d), '', `Reschedule or cancel: ${link(c, '/dashboard?section=sessions')}`),
      action: { label: 'Manage your booking', href: link(c, '/dashboard?section=sessions') },
    }),
  }),
  'booking-rescheduled': kind<Booking & { previousStartsAt: string }>({
    topic: 'transactional',
    sample: { name: 'Ada', sessionTitle: '1-on-1 Setup Session (60 min)', previousStartsAt: '2026-12-01T14:00:00Z', startsAt: '2026-12-03T09:30:00Z', minutes: 60, meetingUrl: 'https://meet.example.com/sculpt-ada', hostName: 'Mike' },
    render: (d, c) => ({
      subject: `Moved: ${d.sessionTitle}, now ${formatDay(d.startsAt, c.timeZone)}`,
      preheader: `Now ${formatWhen(d.startsAt, c.timeZone)} with ${d.hostName}. The updated calendar invite is attached.`,
      heading: 'Your session has a new time',
      body: html`${paragraph(greeting(d.name))}${paragraph(html`<strong>${d.sessionTitle}</strong> with ${d.hostName} has moved.`)}${facts([['New time', formatWhen(d.startsAt, c.timeZone)], ['Was', formatWhen(d.previousStartsAt, c.timeZone)], ['Length', `${d.minutes} minutes`]])}${paragraph(html`${joinHtml(d)} The updated calendar invite is attached: opening it moves the event in your calendar.`)}`,
      text: lines(
        greeting(d.name),
        '',
        `${d.sessionTitle} with ${d.hostName} has moved.`,
        `New time: ${formatWhen(d.startsAt, c.timeZone)}`,
        `Was: ${formatWhen(d.previousStartsAt, c.timeZone)}`,
        `Length: ${d.minutes} minutes`,
        joinText(d),
        '',
        `Reschedule or cancel: ${link(c, '/dashboard?section=sessions')}`,
      ),
      action: { label: 'Manage your booking', href: link(c, '/dashboard?section=sessions') },
    }),
  }),
  'booking-reminder': kind<Booking>({
    topic: 'session_reminders',
    sample: { name: 'Ada', sessionTitle: '1-on-1 Setup Session (60 min)', startsAt: '2026-12-01T14:00:00Z', minutes: 60, meetingUrl: 'https://meet.example.com/sculpt-ada', hostName: 'Mike' },
    render: (d, c) => ({
      subject: `Tomorrow: ${d.sessionTitle}`,
      preheader: `${formatWhen(d.startsAt, c.timeZone)} with ${d.hostName}.`,
      heading: 'Your session is tomorrow',
      body: html`${paragraph(greeting(d.name))}${paragraph(html`A reminder: <strong>${d.sessionTitle}</strong> with ${d.hostName} starts ${formatWhen(d.startsAt, c.timeZone)}.`)}${paragraph(joinHtml(d))}`,
      text: lines(greeting(d.name), '', `A reminder: ${d.sessionTitle} with ${d.hostName} starts ${formatWhen(d.startsAt, c.timeZone)}.`, joinText(d), '', `Reschedule or cancel: ${link(c, '/dashboard?section=sessions')}`),
      action: d.meetingUrl ? { label: 'Join the session', href: d.meetingUrl } : { label: 'Manage your booking', href: link(c, '/dashboard?section=sessions') },
    }),
  }),
  'booking-cancellation': kind<Booking & { refundCents: number; currency: string; by?: 'customer' | 'host' | 'payment_reversed' }>({
    topic: 'transactional',
    sample: { name: 'Ada', sessionTitle: '1-on-1 Setup Session (60 min)', startsAt: '2026-12-01T14:00:00Z', minutes: 60, meetingUrl: 'https://meet.example.com/sculpt-ada', hostName: 'Mike', refundCents: 9900, currency: 'USD', by: 'customer' },
    render: (d, c) => {
      const when = formatWhen(d.startsAt, c.timeZone);
      const what =
        d.by === 'host'
          ? `${d.hostName} had to cancel ${d.sessionTitle} on ${when}. We're sorry.`
          : d.by === 'payment_reversed'
            ? `${d.sessionTitle} on ${when} is cancelled because its payment was refunded or disputed.`
            : `${d.sessionTitle} on ${when} is cancelled.`;
      const refund =
        d.refundCents > 0
          ? `We've refunded ${formatMoney(d.refundCents, d.currency)}; it reaches your card in 5–10 business days.`
          : d.by === 'payment_reversed'
            ? 'Nothing more is charged or refunded.'
            : 'No refund applies under the cancellation policy.';
      return {
        subject: `Cancelled: ${d.sessionTitle}`,
        preheader: d.refundCents > 0 ? `${formatMoney(d.refundCents, d.currency)} is on its way back to you.` : 'Your session was cancelled.',
        heading: 'Your session was cancelled',
        body: html`${paragraph(greeting(d.name))}${paragraph(what)}${paragraph(refund)}${paragraph('The attached calendar update removes it from your calendar.')}`,
        text: lines(greeting(d.name), '', what, refund, 'The attached calendar update removes it from your calendar.', '', `Book another time: ${link(c, '/sessions')}`),
        action: { label: 'Book another time', href: link(c, '/sessions') },
      };
    },
  }),
  'booking-refused': kind<Booking & { amountCents: number; currency: string }>({
    topic: 'transactional',
    sample: { name: 'Ada', sessionTitle: '1-on-1 Setup Session (60 min)', startsAt: '2026-12-01T14:00:00Z', minutes: 60, meetingUrl: 'https://meet.example.com/sculpt-ada', hostName: 'Mike', amountCents: 9900, currency: 'USD' },
    render: (d, c) => ({
      subject: `Not booked: ${d.sessionTitle} (your payment is refunded)`,
      preheader: `Someone else took that time while your payment was completing. ${formatMoney(d.amountCents, d.currency)} is on its way back to you.`,
      heading: 'That time was taken',
      body: html`${paragraph(greeting(d.name))}${paragraph(html`While your payment was completing, someone else booked <strong>${d.sessionTitle}</strong> with ${d.hostName} on ${formatWhen(d.startsAt, c.timeZone)}, so we could not book it for you.`)}${paragraph(`We've refunded the full ${formatMoney(d.amountCents, d.currency)}; it reaches your card in 5–10 business days.`)}${paragraph('Sorry about that. Please pick another time.')}`,
      text: lines(
        greeting(d.name),
        '',
        `While your payment was completing, someone else booked ${d.sessionTitle} with ${d.hostName} on ${formatWhen(d.startsAt, c.timeZone)}, so we could not book it for you.`,
        `We've refunded the full ${formatMoney(d.amountCents, d.currency)}; it reaches your card in 5–10 business days.`,
        '',
        `Sorry about that. Pick another time: ${link(c, '/sessions')}`,
      ),
      action: { label: 'Pick another time', href: link(c, '/sessions') },
    }),
  }),
  'contact-acknowledgement': kind<{ name: string; topic: string; message: string }>({
    topic: 'transactional',
    sample: { name: 'Ada', topic: 'Billing', message: 'Can I move my license to a new email address?' },
    render: (d, c) => ({
      subject: 'We got your message',
      preheader: 'A person will answer within two business days.',
      heading: 'Thanks, we got your message',
      body: html`${paragraph(greeting(d.name))}${paragraph(html`Your message about <strong>${d.topic}</strong> reached us, and a person will answer within two business days. For reference, you wrote:`)}<blockquote style="margin:0 0 14px;padding:10px 14px;border-left:3px solid #ddd6fe;color:#575272;white-space:pre-wrap">${d.message}</blockquote>`,
      text: lines(greeting(d.name), '', `Your message about ${d.topic} reached us, and a person will answer within two business days. For reference, you wrote:`, '', ...d.message.split('\n').map((l) => `> ${l}`), '', `Support: ${c.supportEmail}`),
    }),
  }),
  'support-contact-copy': kind<{ name: string; email: string; topic: string; message: string; receivedAt: string }>({
    topic: 'transactional',
    sample: { name: 'Ada Lovelace', email: 'ada@example.com', topic: 'Billing', message: 'Can I move my license to a new email address?', receivedAt: '2026-11-23T14:05:00Z' },
    render: (d) => ({
      subject: `[Contact] ${d.topic}: ${d.name}`,
      preheader: d.message.slice(0, 120),
      heading: `New message: ${d.topic}`,
      body: html`${facts([['From', `${d.name} <${d.email}>`], ['Topic', d.topic], ['Received', formatWhen(d.receivedAt, 'UTC')]])}<p style="margin:0;white-space:pre-wrap">${d.message}</p>`,
      text: lines(`From: ${d.name} <${d.email}>`, `Topic: ${d.topic}`, `Received: ${formatWhen(d.receivedAt, 'UTC')}`, '', d.message),
    }),
  }),
  'sign-in-code': kind<{ code: string; purpose: 'sign-in' | 'sign-up'; minutes: number }>({
    topic: 'transactional',
    sample: { code: '042917', purpose: 'sign-in', minutes: 10 },
    render: (d) => {
      const what = d.purpose === 'sign-up' ? 'finish creating your SystemSculpt account' : 'sign in to SystemSculpt';
      return {
        subject: `${d.code} is your SystemSculpt code`,
        preheader: `Enter this code to ${what}. It works for ${d.minutes} minutes.`,
        heading: d.purpose === 'sign-up' ? 'Confirm your email address' : 'Your sign-in code',
        body: html`${paragraph(`Enter this code to ${what}:`)}${codeBox(d.code)}${paragraph(`It works for ${d.minutes} minutes, once. If you did not ask for it, ignore this email: nobody can sign in without the code.`)}`,
        text: lines(`Enter this code to ${what}:`, '', d.code, '', `It works for ${d.minutes} minutes, once. If you did not ask for it, ignore this email: nobody can sign in without the code.`),
      };
    },
  }),
  'manage-email-link': kind<{ manageUrl: string }>({
    topic: 'transactional',
    sample: { manageUrl: 'http://localhost:3000/manage-email?email=ada%40example.com&token=v1.sample' },
    render: (d) => ({
      subject: 'Your link to manage SystemSculpt emails',
      preheader: 'Choose which emails you get from us, or stop them all.',
      heading: 'Manage your emails',
      body: html`${paragraph('Someone (we hope you) asked for a link to change which emails this address gets from SystemSculpt. The link works for 60 days.')}${paragraph("If it wasn't you, ignore this email: nothing changes until the link is used.")}`,
      text: lines('Someone (we hope you) asked for a link to change which emails this address gets from SystemSculpt. The link works for 60 days:', d.manageUrl, '', "If it wasn't you, ignore this email: nothing changes until the link is used."),
      action: { label: 'Manage your emails', href: d.manageUrl },
    }),
  }),
  'product-update': kind<{ title: string; summary: string; highlights: string[]; readMoreUrl: string }>({
    topic: 'product_updates',
    sample: { title: 'SystemSculpt AI 6.3', summary: 'Studio workflows can now run on a schedule.', highlights: ['Scheduled Studio workflows', 'Faster similar-notes search', 'Janitor cleans empty folders'], readMoreUrl: 'http://localhost:3000/obsidian-ai-plugin-docs' },
    render: (d) => ({
      subject: `What's new: ${d.title}`,
      preheader: d.summary,
      heading: d.title,
      body: html`${paragraph(d.summary)}<ul style="margin:0 0 14px;padding-left:20px">${d.highlights.map((h) => html`<li style="margin:0 0 6px">${h}</li>`)}</ul>`,
      text: lines(d.summary, '', ...d.highlights.map((h) => `- ${h}`), '', `Read more: ${d.readMoreUrl}`),
      action: { label: 'Read more', href: d.readMoreUrl },
    }),
  }),
  newsletter: kind<{ issue: string; intro: string; stories: Array<{ title: string; url: string }> }>({
    topic: 'newsletter',
    sample: { issue: 'November 2026', intro: 'Three vault setups from the community, and a trick for faster transcription.', stories: [{ title: 'A research vault that writes its own index', url: 'https://example.com/a' }, { title: 'Meeting notes from voice memos', url: 'https://example.com/b' }] },
    render: (d) => ({
      subject: `SystemSculpt newsletter: ${d.issue}`,
      preheader: d.intro,
      heading: `The ${d.issue} newsletter`,
      body: html`${paragraph(d.intro)}<ul style="margin:0 0 14px;padding-left:20px">${d.stories.map((s) => html`<li style="margin:0 0 6px"><a href="${s.url}">${s.title}</a></li>`)}</ul>`,
      text: lines(d.intro, '', ...d.stories.map((s) => `- ${s.title}: ${s.url}`)),
    }),
  }),
  'tips-and-offers': kind<{ tip: string; offer?: string | null; url: string }>({
    topic: 'tips_and_offers',
    sample: { tip: 'Press Mod+K to search your whole vault by meaning, not just by words.', offer: 'Credit packs are 20% off this week.', url: 'http://localhost:3000/resources?category=api_credits' },
    render: (d) => ({
      subject: 'A SystemSculpt tip for this week',
      preheader: d.tip,
      heading: 'Tip of the week',
      body: html`${paragraph(d.tip)}${d.offer ? paragraph(html`<strong>${d.offer}</strong>`) : ''}`,
      text: lines(d.tip, d.offer ?? undefined, '', d.url),
      action: { label: 'See more', href: d.url },
    }),
  }),
} satisfies Record<string, AnyEmailKind>;

export type EmailKindName = keyof typeof emailKinds;
export type EmailData<K extends EmailKindName> = (typeof emailKinds)[K]['sample'];
