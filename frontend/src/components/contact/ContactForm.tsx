import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, LoaderCircle, Send } from 'lucide-react';
import {
  CONTACT_LIMITS,
  CONTACT_TOPICS,
  contactMessageSchema,
  getContactCsrfToken,
  submitContactMessage,
  type ContactTopic,
} from '@contracts/contact/contact.contract';
import type { ServerFnOutput } from '@contracts/server-fn';
import { ServerFnError } from '../../lib/server-fn-client';
import { contactMessageMutation } from '../../queries/contact';
import { Field, FormAlert, Select, TextArea, TextInput } from '../forms/FormField';
import { Button } from '../ui/Button';
import { fieldErrors, plainFormErrorMessage, type ContactField } from './contact-errors';

interface Values {
  name: string;
  email: string;
  topic: ContactTopic | '';
  message: string;
}

const EMPTY: Values = { name: '', email: '', topic: '', message: '' };

/** What a refused plain post typed, and why, as the page's token call brings it back. */
type ContactDraft = ServerFnOutput<typeof getContactCsrfToken>['draft'];

/** What a refused plain post typed, back in the fields (a topic only if it is one of ours). */
function draftValues(draft: ContactDraft | undefined): Values {
  if (!draft) return EMPTY;
  const { name = '', email = '', topic = '', message = '' } = draft.values;
  return { name, email, message, topic: Object.hasOwn(CONTACT_TOPICS, topic) ? (topic as ContactTopic) : '' };
}

/**
 * The contact form. Without JavaScript it is a plain POST to the server function (which sends the
 * browser back here with the outcome); with it, fields are checked as you send, errors sit beside
 * their fields, and the message is sent without leaving the page.
 */
export function ContactForm({
  csrfToken,
  outcome,
  draft,
}: {
  csrfToken: string;
  outcome?: { status: 'sent' | 'error'; reason?: string };
  /** Shown again after a refused plain post (`outcome` an error): what was typed, and each field's error. */
  draft?: ContactDraft;
}) {
  const id = useId();
  const refused = outcome?.status === 'error' ? draft : undefined;
  const [values, setValues] = useState<Values>(() => draftValues(refused));
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>(() => fieldErrors(refused?.issues));
  const [alert, setAlert] = useState<string | undefined>(outcome?.status === 'error' ? plainFormErrorMessage(outcome.reason) : undefined);
  const [token, setToken] = useState(csrfToken);
  const queryClient = useQueryClient();
  const send = useMutation(contactMessageMutation(queryClient));
  const pending = send.isPending;
  const [sentTo, setSentTo] = useState<string | null | undefined>(outcome?.status === 'sent' ? null : undefined);
  const formRef = useRef<HTMLFormElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);

  useEffect(() => setToken(csrfToken), [csrfToken]);
  useEffect(() => {
    if (sentTo !== undefined) doneRef.current?.focus();
  }, [sentTo]);

  const set = (field: ContactField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const showErrors = (next: Partial<Record<ContactField, string>>) => {
    setErrors(next);
    const first = (['name', 'email', 'topic', 'message'] as const).find((field) => next[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setAlert(undefined);
    const input = { ...values, csrfToken: token, website: honeypot.current?.value || undefined };
    const local = contactMessageSchema.safeParse(input);
    if (!local.success) return showErrors(fieldErrors(local.error.issues));
    send.mutate(local.data, {
      onSuccess: () => {
        setSentTo(local.data.email);
        setValues(EMPTY);
      },
      onError: (error) => {
        if (!(error instanceof ServerFnError)) setAlert('We could not reach the server. Check your connection and try again.');
        else if (error.code === 'VALIDATION_FAILED') showErrors(fieldErrors(error.issues));
        else setAlert(error.message);
      },
    });
  };

  if (sentTo !== undefined) {
    return (
      <div className="rounded-2xl border border-line bg-surface-raised p-6 sm:p-8">
        <CheckCircle2 aria-hidden className="size-8 text-success" />
        <h2 ref={doneRef} tabIndex={-1} className="mt-4 text-xl font-semibold text-ink focus:outline-none">
          Thanks, your message is on its way
        </h2>
        <p className="mt-2 text-ink-muted">
          {sentTo ? `We've sent a copy to ${sentTo}.` : "We've emailed you a copy."} A person will answer within two business days, usually sooner.
        </p>
        <Button variant="secondary" className="mt-6" onClick={() => setSentTo(undefined)}>
          Send another message
        </Button>
      </div>
    );
  }

  return (
    <form ref={formRef} method="post" action={`/_serverFn/${submitContactMessage.id}`} noValidate onSubmit={onSubmit} className="space-y-5" aria-busy={pending}>
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <input type="hidden" name="csrfToken" value={token} />
      {/* Hidden from people and assistive tech; bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Leave this empty</label>
        <input ref={honeypot} id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={`${id}-name`} label="Your name" error={errors.name}>
          <TextInput
            id={`${id}-name`}
            name="name"
            autoComplete="name"
            maxLength={CONTACT_LIMITS.name}
            required
            value={values.name}
            onChange={set('name')}
            error={errors.name}
          />
        </Field>
        <Field id={`${id}-email`} label="Email address" error={errors.email}>
          <TextInput
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={CONTACT_LIMITS.email}
            required
            value={values.email}
            onChange={set('email')}
            error={errors.email}
          />
        </Field>
      </div>
      <Field id={`${id}-topic`} label="What is it about?" error={errors.topic}>
        <Select id={`${id}-topic`} name="topic" required value={values.topic} onChange={set('topic')} error={errors.topic}>
          <option value="" disabled>
            Choose a topic
          </option>
          {Object.entries(CONTACT_TOPICS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id={`${id}-message`}
        label="Message"
        error={errors.message}
        hint={`${values.message.length.toLocaleString('en-US')} of ${CONTACT_LIMITS.message.toLocaleString('en-US')} characters. For a plugin problem, include your plugin and Obsidian versions.`}
      >
        <TextArea
          id={`${id}-message`}
          name="message"
          rows={7}
          minLength={CONTACT_LIMITS.messageMin}
          maxLength={CONTACT_LIMITS.message}
          required
          hasHint
          value={values.message}
          onChange={set('message')}
          error={errors.message}
        />
      </Field>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? <LoaderCircle aria-hidden className="animate-spin" /> : <Send aria-hidden />}
          {pending ? 'Sending…' : 'Send message'}
        </Button>
        <p className="text-sm text-ink-subtle">We use your address only to answer you.</p>
      </div>
    </form>
  );
}
