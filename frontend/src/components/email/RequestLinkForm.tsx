import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { LoaderCircle, Mail } from 'lucide-react';
import { manageEmailLinkRequestSchema } from '@contracts/preferences/preferences.contract';
import { ServerFnError } from '../../lib/server-fn-client';
import { requestManageEmailLinkMutation } from '../../queries/email';
import { Field, FormAlert, TextInput } from '../forms/FormField';
import { Button } from '../ui/Button';

/** Asks for a fresh preference link by email. The answer never says whether the address is known. */
export function RequestLinkForm({ initialEmail }: { initialEmail: string | null }) {
  const id = useId();
  const [email, setEmail] = useState(initialEmail ?? '');
  /** What is wrong with the address before asking the server. */
  const [problem, setProblem] = useState<string>();
  const request = useMutation(requestManageEmailLinkMutation());
  const pending = request.isPending;
  const sentTo = request.isSuccess ? request.variables.email : undefined;
  const refused = request.error instanceof ServerFnError && request.error.code === 'VALIDATION_FAILED' ? request.error : null;
  const error = problem ?? (refused ? (refused.issues?.[0]?.message ?? refused.message) : undefined);
  const alert =
    request.error && !refused
      ? request.error instanceof ServerFnError
        ? request.error.message
        : 'We could not reach the server. Check your connection and try again.'
      : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    request.reset();
    const parsed = manageEmailLinkRequestSchema.safeParse({ email });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message);
    setProblem(undefined);
    request.mutate(parsed.data);
  };

  if (sentTo) {
    return (
      <FormAlert tone="info">
        If <strong>{sentTo}</strong> gets emails from us, a fresh link is on its way to it. The link works for 60 days.
      </FormAlert>
    );
  }
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-busy={pending}>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <Field id={`${id}-email`} label="Your email address" error={error}>
        <TextInput
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={error}
        />
      </Field>
      <Button type="submit" disabled={pending}>
        {pending ? <LoaderCircle aria-hidden className="animate-spin" /> : <Mail aria-hidden />}
        {pending ? 'Sending…' : 'Email me a fresh link'}
      </Button>
    </form>
  );
}
