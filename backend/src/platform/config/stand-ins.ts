import type { AppConfig } from './config.schema';
import { isProductionMode } from './production-mode';

type StandInInput = Parameters<typeof isProductionMode>[0] & Pick<AppConfig, 'EMAIL_TRANSPORT'>;

/**
 * The embedded stand-ins for outside services, each mounted only outside production (whatever
 * else is set) and only while the real service is not configured.
 */
export function standIns(config: StandInInput): { stripeEmulator: boolean; localSignIn: boolean; outbox: boolean } {
  const local = !isProductionMode(config);
  return {
    stripeEmulator: local && !config.STRIPE_SECRET_KEY,
    localSignIn: local && !config.CLERK_SECRET_KEY,
    outbox: local && config.EMAIL_TRANSPORT === 'outbox',
  };
}
