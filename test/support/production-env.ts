import { generateKeyPairSync } from 'node:crypto';

const jwtKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();

/** A complete production environment: real-looking keys, well-formed, that nothing calls at start. */
export const SAFE_PRODUCTION_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://systemsculpt.example',
  STRIPE_SECRET_KEY: 'sk_live_0123456789abcdef',
  STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
  CLERK_PUBLISHABLE_KEY: `pk_live_${Buffer.from('clerk.systemsculpt.example$').toString('base64')}`,
  CLERK_SECRET_KEY: 'sk_live_0123456789abcdef',
  CLERK_JWT_KEY: jwtKey,
  SITE_TOKEN_SECRET: 'a'.repeat(40),
  EMAIL_TRANSPORT: 'smtp',
  SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
  SELLER_NAME: 'SystemSculpt Ltd',
  SELLER_ADDRESS: '1 Example Street|London N1 1AA|United Kingdom',
};
