import { MikroORM } from '@mikro-orm/postgresql';
import { Global, Module } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { AdminGate } from '../../server-fn/admin-operation';
import { AdminAccess, AdminOperationGate, AdminSessions } from '../admin';
import { Auth } from './auth';
import { AuthServerFns } from './auth.server-fns';
import { IDENTITY_STAND_IN, type IdentityStandIn, STAND_IN_SESSION_KEYS, type StandInSessionKeys } from './identity-stand-in';
import { SessionVerifier } from './session-verifier';
import { ClerkSessions } from './clerk-sessions';

/**
 * Who is calling, for every module: Clerk when its keys are set, else (never in production) the
 * embedded local sign-in, both verified by the same @clerk/backend call. The local sign-in is
 * emulators/identity's, bound to IDENTITY_STAND_IN and STAND_IN_SESSION_KEYS only when mounted.
 */
@Global()
@Module({
  providers: [
    AuthServerFns,
    {
      provide: SessionVerifier,
      inject: [APP_CONFIG, { token: STAND_IN_SESSION_KEYS, optional: true }],
      useFactory: (config: AppConfig, keys: StandInSessionKeys | undefined) =>
        new SessionVerifier({
          publishableKey: keys ? keys.publishableKey : config.CLERK_PUBLISHABLE_KEY!,
          secretKey: keys ? keys.secretKey : config.CLERK_SECRET_KEY!,
          jwtKey: keys ? keys.jwtKey : config.CLERK_JWT_KEY!,
          authorizedParties: [new URL(config.PUBLIC_URL).origin],
        }),
    },
    {
      provide: Auth,
      inject: [SessionVerifier, APP_CONFIG, { token: IDENTITY_STAND_IN, optional: true }],
      useFactory: (verifier: SessionVerifier, config: AppConfig, identity: IdentityStandIn | undefined) => new Auth(verifier, config.PUBLIC_URL, identity),
    },
    { provide: AdminSessions, inject: [MikroORM, APP_CONFIG], useFactory: (orm: MikroORM, config: AppConfig) => new AdminSessions(orm, config.ADMIN_TOKEN) },
    { provide: AdminAccess, inject: [Auth, AdminSessions], useFactory: (auth: Auth, sessions: AdminSessions) => new AdminAccess(auth, sessions) },
    // The declared role of every admin operation, and its audit entry: used by the transport and the admin routes.
    {
      provide: AdminGate,
      inject: [AdminAccess, CommandBus],
      useFactory: (access: AdminAccess, commands: CommandBus) => new AdminOperationGate(access, commands),
    },
    {
      provide: ClerkSessions,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.CLERK_SECRET_KEY ? new ClerkSessions(config.CLERK_SECRET_KEY) : null),
    },
  ],
  exports: [Auth, AdminAccess, AdminSessions, AdminGate],
})
export class AuthModule {}
