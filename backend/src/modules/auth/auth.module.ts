import { Global, Module } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/config.schema';
import { EmailModule } from '../email/email.module';
import { EmailSender } from '../email/email-sender';
import { AdminAccess } from '../admin/admin-access';
import { Auth } from './auth';
import { AuthServerFns } from './auth.server-fns';
import { IdentityStore } from './local-identity/identity-store';
import { loadLocalSigningKeys } from './local-identity/load-signing-keys';
import { LocalIdentity } from './local-identity/local-identity';
import { LOCAL_PUBLISHABLE_KEY } from './local-identity/session-token';
import type { SigningKeys } from './local-identity/signing-keys';
import { SessionVerifier } from './session-verifier';

const LOCAL_SIGNING_KEYS = Symbol('LOCAL_SIGNING_KEYS');
const usesClerk = (config: AppConfig) => Boolean(config.CLERK_SECRET_KEY);

/**
 * Who is calling, for every module: Clerk when its keys are set, else the embedded local sign-in,
 * both verified by the same @clerk/backend call.
 */
@Global()
@Module({
  imports: [EmailModule],
  providers: [
    AuthServerFns,
    {
      provide: LOCAL_SIGNING_KEYS,
      inject: [APP_CONFIG, MikroORM],
      useFactory: (config: AppConfig, orm: MikroORM) => (usesClerk(config) ? null : loadLocalSigningKeys(orm)),
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
    { provide: Auth, inject: [SessionVerifier, APP_CONFIG], useFactory: (verifier: SessionVerifier, config: AppConfig) => new Auth(verifier, config.PUBLIC_URL) },
    { provide: AdminAccess, inject: [Auth, APP_CONFIG], useFactory: (auth: Auth, config: AppConfig) => new AdminAccess(auth, config.ADMIN_TOKEN) },
    {
      provide: LocalIdentity,
      inject: [APP_CONFIG, MikroORM, LOCAL_SIGNING_KEYS, EmailSender],
      useFactory: (config: AppConfig, orm: MikroORM, keys: SigningKeys | null, email: EmailSender) =>
        keys ? new LocalIdentity(new IdentityStore(orm), keys, email, { publicUrl: config.PUBLIC_URL, adminEmails: config.LOCAL_ADMIN_EMAILS }) : null,
    },
  ],
  exports: [Auth, AdminAccess, LocalIdentity],
})
export class AuthModule {}
