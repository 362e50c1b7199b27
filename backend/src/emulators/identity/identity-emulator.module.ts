import { Global, Module, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { RedisRateLimiter } from '../../platform/common/rate-limit/redis-rate-limiter';
import { authEmailKinds, IDENTITY_STAND_IN, type IdentityStandIn, STAND_IN_SIGN_IN_KEYS, type StandInSignInKeys } from '../../modules/auth';
import { DEMO_ACCOUNTS, type DemoAccounts, localAdminEmails } from '../../modules/demo';
import { EmailKinds, EmailModule, EmailSender } from '../../modules/email';
import { IdentityStore } from './identity-store';
import { loadLocalSigningKeys } from './load-signing-keys';
import { LocalIdentity } from './local-identity';
import { LocalSignInServerFns } from './local-sign-in.server-fns';
import { LOCAL_PUBLISHABLE_KEY } from './session-token';
import type { SigningKeys } from './signing-keys';
import { WrongCodeBudget } from './wrong-code-budget';

const LOCAL_SIGNING_KEYS = Symbol('LOCAL_SIGNING_KEYS');

/**
 * The embedded sign-in standing in for Clerk, mounted (in the api and the worker) only while
 * standIns says so: never in production, never beside Clerk's keys. Global, so that AuthModule
 * finds it behind its own tokens without importing it.
 */
@Global()
@Module({
  imports: [EmailModule],
  providers: [
    { provide: LOCAL_SIGNING_KEYS, inject: [MikroORM], useFactory: (orm: MikroORM) => loadLocalSigningKeys(orm) },
    {
      provide: LocalIdentity,
      inject: [APP_CONFIG, MikroORM, LOCAL_SIGNING_KEYS, EmailSender, RedisRateLimiter],
      useFactory: (config: AppConfig, orm: MikroORM, keys: SigningKeys, email: EmailSender, limiter: RedisRateLimiter) =>
        new LocalIdentity(
          new IdentityStore(orm),
          keys,
          email,
          { publicUrl: config.PUBLIC_URL, adminEmails: localAdminEmails(config), supportEmails: config.LOCAL_SUPPORT_EMAILS },
          new WrongCodeBudget(limiter),
        ),
    },
    {
      provide: LocalSignInServerFns,
      inject: [LocalIdentity, RedisRateLimiter],
      useFactory: (identity: LocalIdentity, limiter: RedisRateLimiter) => new LocalSignInServerFns(identity, limiter),
    },
    { provide: IDENTITY_STAND_IN, inject: [LocalIdentity], useFactory: (identity: LocalIdentity): IdentityStandIn => identity },
    {
      provide: STAND_IN_SIGN_IN_KEYS,
      inject: [LOCAL_SIGNING_KEYS],
      useFactory: (keys: SigningKeys): StandInSignInKeys => ({
        publishableKey: LOCAL_PUBLISHABLE_KEY,
        secretKey: 'sk_live_local_identity',
        jwtKey: keys.jwtKey,
      }),
    },
    { provide: DEMO_ACCOUNTS, inject: [MikroORM], useFactory: (orm: MikroORM): DemoAccounts => new IdentityStore(orm) },
  ],
  exports: [IDENTITY_STAND_IN, STAND_IN_SIGN_IN_KEYS, DEMO_ACCOUNTS, LocalIdentity],
})
export class IdentityEmulatorModule implements OnModuleInit {
  constructor(private readonly emailKinds: EmailKinds) {}

  /** The sign-in code is auth's email, but only this stand-in sends it (Clerk sends its own). */
  onModuleInit(): void {
    this.emailKinds.add(authEmailKinds);
  }
}
