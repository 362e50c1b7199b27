import type { z } from 'zod';
import {
  localSignInAttemptFirstFactor,
  localSignInCreate,
  localSignInPrepareFirstFactor,
  localSignUpAttemptVerification,
  localSignUpCreate,
} from '../../../../contracts/auth/auth.contract';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { enforceRateLimitsInTurn } from '../../platform/common/rate-limit/rate-limited';
import type { RedisRateLimiter } from '../../platform/common/rate-limit/redis-rate-limiter';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../server-fn/server-fn-context';
import type { LocalIdentity } from './local-identity';
import { normaliseEmail } from './sign-in-attempt';
import { signInCodeLimits } from './sign-in-code-limits';

type Input<C extends { input: z.ZodType }> = z.output<C['input']>;

/** The local sign-in's steps; AuthModule provides them only while the local sign-in stands in for Clerk. */
export class LocalSignInServerFns {
  constructor(
    private readonly identity: LocalIdentity,
    private readonly limiter: RedisRateLimiter,
  ) {}

  @ServerFn(localSignInCreate)
  async localSignInCreate(input: Input<typeof localSignInCreate>, context: ServerFnContext): Promise<ServerFnOutput<typeof localSignInCreate>> {
    await this.limitCodes(normaliseEmail(input.identifier), context);
    const attempt = await this.identity.startSignIn(input.identifier);
    return { id: attempt.id, status: attempt.status, identifier: attempt.identifier };
  }

  @ServerFn(localSignInPrepareFirstFactor)
  async localSignInPrepareFirstFactor(
    input: Input<typeof localSignInPrepareFirstFactor>,
    context: ServerFnContext,
  ): Promise<ServerFnOutput<typeof localSignInPrepareFirstFactor>> {
    // Counted against the address, as a new attempt is: per attempt, every fresh attempt brought fresh resends.
    await this.limitCodes(await this.identity.signInAddress(input.attemptId), context);
    const attempt = await this.identity.resendSignInCode(input.attemptId);
    return { id: attempt.id, status: attempt.status, identifier: attempt.identifier };
  }

  @ServerFn(localSignInAttemptFirstFactor)
  async localSignInAttemptFirstFactor(
    input: Input<typeof localSignInAttemptFirstFactor>,
    context: ServerFnContext,
  ): Promise<ServerFnOutput<typeof localSignInAttemptFirstFactor>> {
    const done = await this.identity.completeSignIn(input.attemptId, input.code);
    for (const cookie of done.cookies) context.response.cookie(cookie.name, cookie.value, cookie.options);
    return done.attempt;
  }

  @ServerFn(localSignUpCreate)
  async localSignUpCreate(input: Input<typeof localSignUpCreate>, context: ServerFnContext): Promise<ServerFnOutput<typeof localSignUpCreate>> {
    await this.limitCodes(normaliseEmail(input.emailAddress), context);
    const attempt = await this.identity.startSignUp(input);
    return { id: attempt.id, status: attempt.status, identifier: attempt.emailAddress };
  }

  @ServerFn(localSignUpAttemptVerification)
  async localSignUpAttemptVerification(
    input: Input<typeof localSignUpAttemptVerification>,
    context: ServerFnContext,
  ): Promise<ServerFnOutput<typeof localSignUpAttemptVerification>> {
    const done = await this.identity.completeSignUp(input.attemptId, input.code);
    for (const cookie of done.cookies) context.response.cookie(cookie.name, cookie.value, cookie.options);
    return done.attempt;
  }

  /** Codes by email cost something to send: a few per address, and many per network (see sign-in-code-limits.ts). */
  private limitCodes(address: string, context: ServerFnContext): Promise<void> {
    return enforceRateLimitsInTurn(this.limiter, signInCodeLimits(address, context.ip), 'We have sent several codes in a short time; use the latest one.');
  }
}
