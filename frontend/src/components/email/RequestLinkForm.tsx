import { useId, useState, type FormEvent } from 'react';
import { LoaderCircle, Mail } from 'lucide-react';
import { manageEmailLinkRequestSchema, requestManageEmailLink } from '@contracts/preferences/preferences.contract';
import { callServerFn, ServerFnError } from '../../lib/server-fn-client';
import { Field, FormAlert, TextInput } from '../forms/FormField';
import { Button } from '../ui/Button';

/** Asks for a fresh preference link by email. The answer never says whether the address is known. */
export function RequestLinkForm({ initialEmail }: { initialEmail: string | null }) {
  const id = useId();
  const [email, setEmail] = useState(initialEmail ?? '');
  const [error, setError] = useState<string>();
  const [alert, setAlert] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setAlert(undefined);
    const parsed = manageEmailLinkRequestSchema.safeParse({ email });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setPending(true);
    try {
      await callServerFn(requestManageEmailLink, parsed.data);
      setSentTo(parsed.data.email);
    } catch (caught) {
      if (caught instanceof ServerFnError && caught.code === 'VALIDATION_FAILED') setError(caught.issues?.[0]?.message ?? caught.message);
      else setAlert(caught instanceof ServerFnError ? caught.message : 'We could not reach the server. Check your connection and try again.');
    } finally {
      setPending(false);
    }
  };

  if (sentTo) {
    return (
      <FormAlert tone="info">
        If <strong>{sentTo}</strong> gets emails from us, a fresh link is on its way to it. The link works for 60 days.
      </FormAlert>
    );
  }
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4" aria-busy={pending}>
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
