import { Inject, Injectable, Optional } from '@nestjs/common';
import { getViewer, signOut, signOutEverywhere } from '../../../../contracts/auth/auth.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { Auth } from './auth';
import { ClerkSignIns } from './clerk-sign-ins';
import { IDENTITY_STAND_IN, type IdentityStandIn } from './identity-stand-in';

/** The viewer for the shell, and signing out (the local sign-in's steps are LocalSignInServerFns). */
@Injectable()
export class AuthServerFns {
  constructor(
    private readonly auth: Auth,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(IDENTITY_STAND_IN) private readonly identity?: IdentityStandIn,
    @Optional() private readonly clerkSignIns?: ClerkSignIns,
  ) {}

  @ServerFn(getViewer)
  async getViewer(_input: unknown, context: ServerFnContext): Promise<ServerFnOutput<typeof getViewer>> {
    const user = await this.auth.user(context);
    const signIn = this.config.CLERK_PUBLISHABLE_KEY
      ? { mode: 'clerk' as const, publishableKey: this.config.CLERK_PUBLISHABLE_KEY }
      : { mode: 'local' as const };
    return { signIn, viewer: user ? { userId: user.userId, email: user.email, name: user.name, isAdmin: user.isAdmin } : null };
  }

  @ServerFn(signOut)
  async signOut(_input: unknown, context: ServerFnContext): Promise<ServerFnOutput<typeof signOut>> {
    if (this.identity) {
      for (const cookie of await this.identity.signOut(context.headers.cookie)) context.response.cookie(cookie.name, cookie.value, cookie.options);
    }
    return { signedOut: true };
  }

  @ServerFn(signOutEverywhere)
  async signOutEverywhere(_input: unknown, context: ServerFnContext): Promise<ServerFnOutput<typeof signOutEverywhere>> {
    const user = await this.auth.requireUser(context);
    if (this.identity) {
      for (const cookie of await this.identity.signOutEverywhere(user.userId)) context.response.cookie(cookie.name, cookie.value, cookie.options);
    } else {
      // This browser's own Clerk session is then ended by Clerk's script, as for "Sign out".
      await this.clerkSignIns?.revokeAll(user.userId);
    }
    context.log.info({ userId: user.userId }, 'signed out of all devices');
    return { signedOut: true };
  }
}
