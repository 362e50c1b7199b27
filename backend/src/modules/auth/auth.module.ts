import { MikroORM } from '@mikro-orm/postgresql';
import { Global, Module } from '@nestjs/common';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { AdminAccess } from './admin-access';
import { AdminSignInController } from './admin-sign-in.controller';
import { AdminSignIns } from './admin-sign-ins';
import { Auth } from './auth';
import { AuthServerFns } from './auth.server-fns';
import { IDENTITY_STAND_IN, type IdentityStandIn, STAND_IN_SIGN_IN_KEYS, type StandInSignInKeys } from './identity-stand-in';
import { SignInVerifier } from './sign-in-verifier';
import { ClerkSignIns } from './clerk-sign-ins';

/**
 * Who is calling, for every module: Clerk when its keys are set, else (never in production) the
 * embedded local sign-in, both verified by the same @clerk/backend call. The local sign-in is
 * emulators/identity's, bound to IDENTITY_STAND_IN and STAND_IN_SIGN_IN_KEYS only when mounted.
 * Also who may act in /admin (AdminAccess): an admin role, or a browser signed in with ADMIN_TOKEN.
 */
@Global()
@Module({
  controllers: [AdminSignInController],
  providers: [
    AuthServerFns,
    {
      provide: SignInVerifier,
      inject: [APP_CONFIG, { token: STAND_IN_SIGN_IN_KEYS, optional: true }],
      useFactory: (config: AppConfig, keys: StandInSignInKeys | undefined) =>
        new SignInVerifier({
          publishableKey: keys ? keys.publishableKey : config.CLERK_PUBLISHABLE_KEY!,
          secretKey: keys ? keys.secretKey : config.CLERK_SECRET_KEY!,
          jwtKey: keys ? keys.jwtKey : config.CLERK_JWT_KEY!,
          authorizedParties: [new URL(config.PUBLIC_URL).origin],
        }),
    },
    {
      provide: Auth,
      inject: [SignInVerifier, APP_CONFIG, { token: IDENTITY_STAND_IN, optional: true }],
      useFactory: (verifier: SignInVerifier, config: AppConfig, identity: IdentityStandIn | undefined) => new Auth(verifier, config.PUBLIC_URL, identity),
    },
    { provide: AdminSignIns, inject: [MikroORM, APP_CONFIG], useFactory: (orm: MikroORM, config: AppConfig) => new AdminSignIns(orm, config.ADMIN_TOKEN) },
    { provide: AdminAccess, inject: [Auth, AdminSignIns], useFactory: (auth: Auth, signIns: AdminSignIns) => new AdminAccess(auth, signIns) },
    {
      provide: ClerkSignIns,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.CLERK_SECRET_KEY ? new ClerkSignIns(config.CLERK_SECRET_KEY) : null),
    },
  ],
  exports: [Auth, AdminAccess, AdminSignIns],
})
export class AuthModule {}
