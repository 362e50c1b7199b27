import { configSchema } from '../config/config.schema';
import { startBanner } from './start-banner';

const url = 'http://localhost:3000';

describe('the start-up banner', () => {
  it('is one line scripts can wait for when stdout is not a terminal', () => {
    expect(startBanner(configSchema.parse({}), { url, demoHost: 'host@demo.systemsculpt.local' }, false)).toEqual([
      '✔ Site running at http://localhost:3000 (role: all). Ctrl-C to stop.',
    ]);
  });

  it('names the outbox, the Stripe emulator, local sign-in and the demo host at a terminal', () => {
    const lines = startBanner(configSchema.parse({}), { url, demoHost: 'host@demo.systemsculpt.local' }, true);
    expect(lines[0]).toMatch(/^✔ Site running at http:\/\/localhost:3000 /);
    const text = lines.join('\n');
    expect(text).toContain('http://localhost:3000/dev/outbox');
    expect(text).toContain('http://localhost:3000/_stripe/dev');
    expect(text).toContain('6-digit code from the outbox');
    expect(text).toContain('host@demo.systemsculpt.local');
    expect(lines.length).toBeLessThan(8);
  });

  it('leaves out the stand-ins that real services replace', () => {
    const config = configSchema.parse({ EMAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtp://mail.example.com:587', STRIPE_SECRET_KEY: 'sk_test_abc' });
    const text = startBanner(config, { url }, true).join('\n');
    expect(text).not.toContain('/dev/outbox');
    expect(text).not.toContain('/_stripe/dev');
    expect(text).not.toContain('Demo host');
  });
});
