import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { SignInOptions } from '../../lib/auth';
import { ServerFnError } from '../../lib/server-fn-client';
import { signInStepMutation, type SignInStep } from '../../queries/auth';
import { Field, FormAlert, TextInput } from '../forms/FormField';
import { Button } from '../ui/Button';

type Step =
  { name: 'identifier'; notFound?: boolean } | { name: 'sign-up' } | { name: 'code'; flow: 'sign-in' | 'sign-up'; attemptId: string; identifier: string };

interface Problem {
  message: string;
  fields: Record<string, string>;
}

function problemFrom(error: unknown): Problem {
  if (error instanceof ServerFnError) {
    const fields: Record<string, string> = {};
    for (const issue of error.issues ?? []) fields[String(issue.path[0])] ??= issue.message;
    return { message: error.issues?.length ? 'Check the highlighted fields.' : error.message, fields };
  }
  return { message: 'We could not reach the site. Check your connection and try again.', fields: {} };
}

/**
 * The embedded sign-in, shaped like Clerk's: an email address (needs_identifier), then a
 * one-time code sent to it (needs_first_factor), then signed in; a new address signs up first
 * (missing_requirements until it is verified and the terms are accepted).
 */
export default function LocalSignInDialog({ onClose, onSignedIn, initial }: { onClose(): void; onSignedIn(): Promise<void>; initial?: SignInOptions }) {
  const [step, setStep] = useState<Step>(initial?.mode === 'sign-up' ? { name: 'sign-up' } : { name: 'identifier' });
  const [email, setEmail] = useState(initial?.email ?? '');
  /** A problem found before asking the server (the terms not accepted); the server's come from the mutation. */
  const [formProblem, setFormProblem] = useState<Problem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const ids = useId();

  const attempt = useMutation(
    signInStepMutation({
      onSuccess: async (answer, taken) => {
        if (taken.step === 'sign-in') setStep({ name: 'code', flow: 'sign-in', attemptId: answer.id, identifier: answer.identifier ?? taken.identifier });
        else if (taken.step === 'sign-up') setStep({ name: 'code', flow: 'sign-up', attemptId: answer.id, identifier: answer.identifier ?? '' });
        else if (taken.step === 'verify') await onSignedIn();
        else setNotice(`We sent a new code to ${taken.identifier}. The previous one no longer works.`);
      },
      onError: (error) => {
        if (error instanceof ServerFnError && error.code === 'form_identifier_not_found') setStep({ name: 'identifier', notFound: true });
      },
    }),
  );
  const pending = attempt.isPending;
  const problem = formProblem ?? (attempt.error ? problemFrom(attempt.error) : null);
  const clearProblem = () => {
    setFormProblem(null);
    attempt.reset();
  };
  const take = (step: SignInStep) => {
    setFormProblem(null);
    setNotice(null);
    attempt.mutate(step);
  };

  const submitIdentifier = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    take({ step: 'sign-in', identifier: email });
  };

  const submitSignUp = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (form.get('legalAccepted') !== 'on') {
      attempt.reset();
      setFormProblem({ message: 'Check the highlighted fields.', fields: { legalAccepted: 'Accept the terms and the privacy policy to create an account.' } });
      return;
    }
    take({
      step: 'sign-up',
      input: {
        emailAddress: String(form.get('emailAddress') ?? ''),
        firstName: String(form.get('firstName') ?? '') || undefined,
        lastName: String(form.get('lastName') ?? '') || undefined,
        legalAccepted: true,
      },
    });
  };

  const submitCode = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step.name !== 'code') return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '');
    take({ step: 'verify', flow: step.flow, attemptId: step.attemptId, code });
  };

  const resend = () => {
    if (step.name !== 'code' || step.flow !== 'sign-in') return;
    take({ step: 'resend', attemptId: step.attemptId, identifier: step.identifier });
  };

  const title = step.name === 'sign-up' ? 'Create your account' : step.name === 'code' ? 'Check your email' : 'Sign in to SystemSculpt';

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm data-[state=open]:animate-overlay-in" />
        <Dialog.Content
          data-testid="sign-in-dialog"
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line-strong bg-surface-raised p-6 shadow-panel data-[state=open]:animate-pop-in sm:p-8"
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <Dialog.Title className="text-xl font-semibold text-ink">{title}</Dialog.Title>
              <Dialog.Description className="mt-1.5 text-sm text-ink-muted">
                {step.name === 'code'
                  ? `We sent a 6-digit code to ${step.identifier}. It works for 10 minutes.`
                  : step.name === 'sign-up'
                    ? initial?.email
                      ? 'Your invitation is for this address: we will email you a code to confirm it.'
                      : 'We will email you a code to confirm the address.'
                    : 'Enter your email address and we will send you a sign-in code.'}
              </Dialog.Description>
            </div>
            <Dialog.Close className="-mt-1 -mr-2 rounded-lg p-2 text-ink-subtle hover:bg-white/5 hover:text-ink" aria-label="Close">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>

          <div className="mt-6 space-y-4">
            {problem && !Object.keys(problem.fields).length ? <FormAlert>{problem.message}</FormAlert> : null}
            {notice ? <FormAlert tone="info">{notice}</FormAlert> : null}

            {step.name === 'identifier' ? (
              <form onSubmit={submitIdentifier} className="space-y-4" noValidate>
                <Field id={`${ids}-identifier`} label="Email address" error={problem?.fields.identifier}>
                  <TextInput
                    id={`${ids}-identifier`}
                    name="identifier"
                    type="email"
                    autoComplete="email"
                    required
                    autoFocus
                    value={email}
                    onChange={(e) => setEmail(e.target.value)}
                    error={problem?.fields.identifier}
                  />
                </Field>
                <Button type="submit" className="w-full" disabled={pending} aria-busy={pending}>
                  {pending ? 'Sending a code…' : 'Continue'}
                </Button>
                <p className="text-center text-sm text-ink-muted">
                  {step.notFound ? 'No account uses that address yet. ' : 'New here? '}
                  <button
                    type="button"
                    className="font-medium text-accent-300 underline-offset-4 hover:underline"
                    onClick={() => {
                      clearProblem();
                      setStep({ name: 'sign-up' });
                    }}
                  >
                    Create an account
                  </button>
                </p>
              </form>
            ) : null}

            {step.name === 'sign-up' ? (
              <form onSubmit={submitSignUp} className="space-y-4" noValidate>
                <div className="grid gap-4 sm:grid-cols-2">
                  <Field id={`${ids}-firstName`} label="First name" error={problem?.fields.firstName}>
                    <TextInput id={`${ids}-firstName`} name="firstName" autoComplete="given-name" error={problem?.fields.firstName} />
                  </Field>
                  <Field id={`${ids}-lastName`} label="Last name" error={problem?.fields.lastName}>
                    <TextInput id={`${ids}-lastName`} name="lastName" autoComplete="family-name" error={problem?.fields.lastName} />
                  </Field>
                </div>
                <Field id={`${ids}-emailAddress`} label="Email address" error={problem?.fields.emailAddress}>
                  <TextInput
                    id={`${ids}-emailAddress`}
                    name="emailAddress"
                    type="email"
                    autoComplete="email"
                    required
                    defaultValue={email}
                    readOnly={Boolean(initial?.email)}
                    error={problem?.fields.emailAddress}
                  />
                </Field>
                <div>
                  <label className="flex items-start gap-3 text-sm text-ink-muted">
                    <input
                      type="checkbox"
                      name="legalAccepted"
                      className="mt-0.5 size-4 accent-accent-500"
                      aria-describedby={problem?.fields.legalAccepted ? `${ids}-legal-error` : undefined}
                    />
                    <span>
                      I accept the{' '}
                      <a href="/terms" target="_blank" className="text-accent-300 underline">
                        terms
                      </a>{' '}
                      and the{' '}
                      <a href="/privacy" target="_blank" className="text-accent-300 underline">
                        privacy policy
                      </a>
                      .
                    </span>
                  </label>
                  {problem?.fields.legalAccepted ? (
                    <p id={`${ids}-legal-error`} className="mt-1.5 text-sm text-danger">
                      {problem.fields.legalAccepted}
                    </p>
                  ) : null}
                </div>
                <Button type="submit" className="w-full" disabled={pending} aria-busy={pending}>
                  {pending ? 'Sending a code…' : 'Create account'}
                </Button>
                <p className="text-center text-sm text-ink-muted">
                  Already have an account?{' '}
                  <button
                    type="button"
                    className="font-medium text-accent-300 underline-offset-4 hover:underline"
                    onClick={() => {
                      clearProblem();
                      setStep({ name: 'identifier' });
                    }}
                  >
                    Sign in
                  </button>
                </p>
              </form>
            ) : null}

            {step.name === 'code' ? (
              <form onSubmit={submitCode} className="space-y-4" noValidate>
                <Field id={`${ids}-code`} label="Code" error={problem?.fields.code}>
                  <TextInput
                    id={`${ids}-code`}
                    name="code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    pattern="[0-9]{6}"
                    maxLength={6}
                    required
                    autoFocus
                    className="text-center font-mono text-lg tracking-[0.4em]"
                    error={problem?.fields.code}
                  />
                </Field>
                <Button type="submit" className="w-full" disabled={pending} aria-busy={pending}>
                  {pending ? 'Checking…' : 'Verify and continue'}
                </Button>
                <div className="flex flex-wrap justify-between gap-2 text-sm">
                  <button
                    type="button"
                    className="text-ink-muted hover:text-ink"
                    onClick={() => {
                      clearProblem();
                      setStep({ name: 'identifier' });
                    }}
                  >
                    Use another email
                  </button>
                  {step.flow === 'sign-in' ? (
                    <button type="button" className="font-medium text-accent-300 hover:underline" onClick={resend} disabled={pending}>
                      Send a new code
                    </button>
                  ) : null}
                </div>
              </form>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
