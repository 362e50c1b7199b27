import { mutationOptions, queryOptions } from '@tanstack/react-query';
import {
  getViewer,
  localSignInAttemptFirstFactor,
  localSignInCreate,
  localSignInPrepareFirstFactor,
  localSignUpAttemptVerification,
  localSignUpCreate,
  signOut,
  signOutEverywhere,
} from '@contracts/auth/auth.contract';
import type { ServerFnInput, ServerFnOutput } from '@contracts/server-fn';
import { callServerFn } from '../lib/server-fn-client';
import type { FollowUp } from './follow-up';

/** Who is signed in (read from the session cookie on the server; no sign-in script needed). */
export const viewerQuery = () =>
  queryOptions({
    queryKey: ['auth', 'viewer'],
    queryFn: () => callServerFn(getViewer, {}),
    staleTime: 60_000,
  });

/** One step of the embedded sign-in: each answers with the attempt as it now stands. */
export type SignInStep =
  | { step: 'sign-in'; identifier: string }
  | { step: 'sign-up'; input: ServerFnInput<typeof localSignUpCreate> }
  | { step: 'verify'; flow: 'sign-in' | 'sign-up'; attemptId: string; code: string }
  | { step: 'resend'; attemptId: string; identifier: string };

type SignInAttempt = ServerFnOutput<typeof localSignInCreate>;

function takeSignInStep(step: SignInStep): Promise<SignInAttempt> {
  switch (step.step) {
    case 'sign-in':
      return callServerFn(localSignInCreate, { identifier: step.identifier });
    case 'sign-up':
      return callServerFn(localSignUpCreate, step.input);
    case 'verify':
      return callServerFn(step.flow === 'sign-in' ? localSignInAttemptFirstFactor : localSignUpAttemptVerification, {
        attemptId: step.attemptId,
        code: step.code,
      });
    case 'resend':
      return callServerFn(localSignInPrepareFirstFactor, { attemptId: step.attemptId });
  }
}

/** The sign-in dialog's steps as one mutation: one step at a time, with one pending state and one error. */
export const signInStepMutation = (followUp?: FollowUp<SignInAttempt, SignInStep>) =>
  mutationOptions({
    mutationKey: ['localSignIn'],
    mutationFn: takeSignInStep,
    onSuccess: followUp?.onSuccess,
    onError: followUp?.onError,
  });

export const signOutMutation = () =>
  mutationOptions({
    mutationKey: [signOut.id],
    mutationFn: () => callServerFn(signOut, {}),
  });

export const signOutEverywhereMutation = () =>
  mutationOptions({
    mutationKey: [signOutEverywhere.id],
    mutationFn: () => callServerFn(signOutEverywhere, {}),
  });
