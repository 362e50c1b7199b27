// Emails rendered and handed to SMTP per second, against a real SMTP server on loopback, beside a
// baseline in the same run: nodemailer sending a fixed two-line message over the same pool.
import { cpus } from 'node:os';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import emailKindsModule from '../dist/app/backend/src/modules/email/email-kinds.js';
import emailModuleKindsModule from '../dist/app/backend/src/modules/email/emails/email-module-kinds.js';
import authKindsModule from '../dist/app/backend/src/modules/auth/emails/auth-email-kinds.js';
import bookingKindsModule from '../dist/app/backend/src/modules/booking/emails/booking-email-kinds.js';
import checkoutKindsModule from '../dist/app/backend/src/modules/checkout/emails/checkout-email-kinds.js';
import contactKindsModule from '../dist/app/backend/src/modules/contact/emails/contact-email-kinds.js';
import renderModule from '../dist/app/backend/src/modules/email/render-email.js';
import smtpModule from '../dist/app/backend/src/modules/email/smtp-transport.js';

const { EmailKinds } = emailKindsModule;
const { renderEmail } = renderModule;
const { SmtpTransport } = smtpModule;

// Every kind, added as the running site's modules add theirs.
const emailKinds = new EmailKinds().add(
  checkoutKindsModule.checkoutEmailKinds,
  bookingKindsModule.bookingEmailKinds,
  contactKindsModule.contactEmailKinds,
  authKindsModule.authEmailKinds,
  emailModuleKindsModule.emailModuleKinds,
);

const COUNT = Number(process.env.BENCH_EMAILS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const CONTEXT = {
  siteUrl: 'https://systemsculpt.test',
  supportEmail: 'support@systemsculpt.test',
  timeZone: 'Europe/Berlin',
  manageUrl: 'https://systemsculpt.test/manage-email?token=t',
};
const KINDS = emailKinds.names();

let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      received += 1;
      callback();
    });
  },
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const smtpUrl = `smtp://127.0.0.1:${server.server.address().port}?pool=true&maxConnections=5`;

async function run(label, send) {
  const before = received;
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < COUNT) {
        const i = next++;
        await send(i);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (received - before !== COUNT && label !== 'render only') throw new Error(`${label}: ${received - before} of ${COUNT} arrived`);
  return { label, perSecond: COUNT / seconds };
}

const baselineTransport = nodemailer.createTransport(smtpUrl);
const ours = new SmtpTransport(smtpUrl);
const render = (i) => {
  const kind = KINDS[i % KINDS.length];
  return renderEmail(emailKinds, kind, emailKinds.get(kind).sample, CONTEXT);
};
try {
  // Warm both paths up first.
  await run('warm-up', (i) => baselineTransport.sendMail({ from: 'a@systemsculpt.test', to: 'b@example.com', subject: 'warm', text: String(i) }));
  const baseline = await run('nodemailer, fixed text message (baseline)', (i) =>
    baselineTransport.sendMail({ from: 'a@systemsculpt.test', to: 'b@example.com', subject: 'Hello', text: `Message ${i}\nSecond line.` }),
  );
  const renderOnly = await run('render only', async (i) => void render(i));
  const full = await run('render + SMTP (every kind in turn)', (i) => {
    const email = render(i);
    return ours.send({
      messageId: `<bench-${i}@systemsculpt.test>`,
      kind: email.kind,
      topic: email.topic,
      from: 'SystemSculpt <hello@systemsculpt.test>',
      to: 'ada@example.com',
      subject: email.subject,
      html: email.html,
      text: email.text,
      headers: {},
      attachments: [],
    });
  });
  console.log(
    `\nEmail, ${COUNT} messages per case, ${CONCURRENCY} at a time, loopback SMTP server with a pool of 5 connections (${cpus().length} cores shared)\n`,
  );
  console.log(['case'.padEnd(44), 'per second'.padStart(12), 'vs baseline'.padStart(14)].join(''));
  for (const row of [baseline, renderOnly, full]) {
    console.log([row.label.padEnd(44), row.perSecond.toFixed(0).padStart(12), `${(row.perSecond / baseline.perSecond).toFixed(2)}x`.padStart(14)].join(''));
  }
} finally {
  baselineTransport.close();
  await ours.close();
  await new Promise((resolve) => server.close(resolve));
}
