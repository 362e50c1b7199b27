import { Inject, Injectable, Optional } from '@nestjs/common';
import type { z } from 'zod';
import {
  getViewer,
  localSignInAttemptFirstFactor,
  localSignInCreate,
  localSignInPrepareFirstFactor,
  localSignUpAttemptVerification,
  localSignUpCreate,
  signOut,
} from '../../../../contracts/auth/auth.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { enforceRateLimits } from '../../common/rate-limit/rate-limited';
import { RedisRateLimiter } from '../../common/rate-limit/redis-rate-limiter';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/config.schema';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import { Auth } from './auth';
import { LocalIdentity, LocalSignInError } from './local-identity/local-identity';
import { normaliseEmail } from './local-identity/sign-in-attempt';

type Input<C extends { input: z.ZodType }> = z.output<C['input']>;

/** The viewer for the shell, and the local sign-in's steps (answered only when it is on). */
@Injectable()
export class AuthServerFns {
  constructor(
    private readonly auth: Auth,
    private readonly limiter: RedisRateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly identity?: LocalIdentity,
  ) {}

  @ServerFn(getViewer)
  async getViewer(_input: unknown, context: ServerFnContext): Promise<ServerFnOutput<typeof getViewer>> {
    const user = await this.auth.user(context);
    const signIn = this.config.CLERK_PUBLISHABLE_KEY ? { mode: 'clerk' as const, publishableKey: this.config.CLERK_PUBLISHABLE_KEY } : { mode: 'local' as const };
    return { signIn, viewer: user ? { userId: user.userId, email: user.email, name: user.name, isAdmin: user.isAdmin } : null };
  }

  @ServerFn(localSignInCreate)
  async localSignInCreate(input: Input<typeof localSignInCreate>, context: ServerFnContext): Promise<ServerFnOutput<typeof localSignInCreate>> {
    const identity = this.local();
    await this.limitCodes(normaliseEmail(input.identifier), context);
    const attempt = await identity.startSignIn(input.identifier);
    return { id: attempt.id, status: attempt.status, identifier: attempt.identifier };
  }

  @ServerFn(localSignInPrepareFirstFactor)
  async localSignInPrepareFirstFactor(input: Input<typeof localSignInPrepareFirstFactor>, context: ServerFnContext): Promise<ServerFnOutput<typeof localSignInPrepareFirstFactor>> {
    const identity = this.local();
    await this.limitCodes(input.attemptId, context);
    const attempt = await identity.resendSignInCode(input.attemptId);
    return { id: attempt.id, status: attempt.status, identifier: attempt.identifier };
  }

  @ServerFn(localSignInAttemptFirstFactor)
  async localSignInAttemptFirstFactor(input: Input<typeof localSignInAttemptFirstFactor>, context: ServerFnContext): Promise<ServerFnOutput<typeof localSignInAttemptFirstFactor>> {
    const done = await this.local().completeSignIn(input.attemptId, input.code);
    for (const cookie of done.cookies) context.response.append('set-cookie', cookie);
    return done.attempt;
  }

  @ServerFn(localSignUpCreate)
  async localSignUpCreate(input: Input<typeof localSignUpCreate>, context: ServerFnContext): Promise<ServerFnOutput<typeof localSignUpCreate>> {
    const identity = this.local();
    await this.limitCodes(normaliseEmail(input.emailAddress), context);
    const attempt = await identity.startSignUp(input);
    return { id: attempt.id, status: attempt.status, identifier: attempt.emailAddress };
  }

  @ServerFn(localSignUpAttemptVerification)
  async localSignUpAttemptVerification(input: Input<typeof localSignUpAttemptVerification>, context: ServerFnContext): Promise<ServerFnOutput<typeof localSignUpAttemptVerification>> {
    const done = await this.local().completeSignUp(input.attemptId, input.code);
    for (const cookie of done.cookies) context.response.append('set-cookie', cookie);
    return done.attempt;
  }

  @ServerFn(signOut)
  async signOut(_input: unknown, context: ServerFnContext): Promise<ServerFnOutput<typeof signOut>> {
    if (this.identity) {
      for (const cookie of await this.identity.signOut(context.headers.cookie)) context.response.append('set-cookie', cookie);
    }
    return { signedOut: true };
  }

  private local(): LocalIdentity {
    if (!this.identity) throw new LocalSignInError('local_sign_in_off', 'This site signs in with Clerk; the local sign-in is off.', 404);
    return this.identity;
  }

  /** Codes by email cost something to send: a few per address and per browser address each hour. */
  private limitCodes(subject: string, context: ServerFnContext): Promise<void> {
    return enforceRateLimits(
      this.limiter,
      [
        { key: `signin-code:ip:${context.ip ?? 'unknown'}`, limit: 30, windowSeconds: 3600 },
        { key: `signin-code:subject:${subject}`, limit: 6, windowSeconds: 3600 },
      ],
      'We have sent several codes in a short time; use the latest one.',
    );
  }
}
