import { Global, Module } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { standIns } from '../../platform/config/stand-ins';
import { RedisRateLimiter } from '../../platform/common/rate-limit/redis-rate-limiter';
import { EmailModule, EmailSender } from '../email';
import { AdminAccess } from '../admin';
import { Auth } from './auth';
import { AuthServerFns } from './auth.server-fns';
import { IdentityStore } from '../../emulators/identity/identity-store';
import { loadLocalSigningKeys } from '../../emulators/identity/load-signing-keys';
import { LocalIdentity } from '../../emulators/identity/local-identity';
import { WrongCodeBudget } from '../../emulators/identity/wrong-code-budget';
import { LocalSignInServerFns } from '../../emulators/identity/local-sign-in.server-fns';
import { LOCAL_PUBLISHABLE_KEY } from '../../emulators/identity/session-token';
import type { SigningKeys } from '../../emulators/identity/signing-keys';
import { localAdminEmails } from '../demo';
import { SessionVerifier } from './session-verifier';
import { ClerkSessions } from './clerk-sessions';

const LOCAL_SIGNING_KEYS = Symbol('LOCAL_SIGNING_KEYS');
/**
 * Who is calling, for every module: Clerk when its keys are set, else (never in production) the
 * embedded local sign-in, both verified by the same @clerk/backend call.
 */
@Global()
@Module({
  imports: [EmailModule],
  providers: [
    AuthServerFns,
    {
      provide: LOCAL_SIGNING_KEYS,
      inject: [APP_CONFIG, MikroORM],
      useFactory: (config: AppConfig, orm: MikroORM) => (standIns(config).localSignIn ? loadLocalSigningKeys(orm) : null),
    },
    {
      provide: SessionVerifier,
      inject: [APP_CONFIG, LOCAL_SIGNING_KEYS],
      useFactory: (config: AppConfig, keys: SigningKeys | null) =>
        new SessionVerifier({
          publishableKey: keys ? LOCAL_PUBLISHABLE_KEY : config.CLERK_PUBLISHABLE_KEY!,
          secretKey: keys ? 'sk_live_local_identity' : config.CLERK_SECRET_KEY!,
          jwtKey: keys ? keys.jwtKey : config.CLERK_JWT_KEY!,
          authorizedParties: [new URL(config.PUBLIC_URL).origin],
        }),
    },
    {
      provide: Auth,
      inject: [SessionVerifier, APP_CONFIG, LocalIdentity],
      useFactory: (verifier: SessionVerifier, config: AppConfig, identity: LocalIdentity | null) => new Auth(verifier, config.PUBLIC_URL, identity ?? undefined),
    },
    { provide: AdminAccess, inject: [Auth, APP_CONFIG], useFactory: (auth: Auth, config: AppConfig) => new AdminAccess(auth, config.ADMIN_TOKEN) },
    { provide: ClerkSessions, inject: [APP_CONFIG], useFactory: (config: AppConfig) => (config.CLERK_SECRET_KEY ? new ClerkSessions(config.CLERK_SECRET_KEY) : null) },
    {
      provide: LocalIdentity,
      inject: [APP_CONFIG, MikroORM, LOCAL_SIGNING_KEYS, EmailSender, RedisRateLimiter],
      useFactory: (config: AppConfig, orm: MikroORM, keys: SigningKeys | null, email: EmailSender, limiter: RedisRateLimiter) =>
        keys
          ? new LocalIdentity(new IdentityStore(orm), keys, email, { publicUrl: config.PUBLIC_URL, adminEmails: localAdminEmails(config) }, new WrongCodeBudget(limiter))
          : null,
    },
    {
      // Null without the local sign-in: its server functions are then not registered at all (NOT_FOUND).
      provide: LocalSignInServerFns,
      inject: [LocalIdentity, RedisRateLimiter],
      useFactory: (identity: LocalIdentity | null, limiter: RedisRateLimiter) => (identity ? new LocalSignInServerFns(identity, limiter) : null),
    },
  ],
  exports: [Auth, AdminAccess, LocalIdentity],
})
export class AuthModule {}
