import { useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { BILLING_DETAILS_LIMITS, billingDetailsInput, type BillingDetailsField, type BillingDetailsInput } from '@contracts/billing/billing-details.contract';
import type { BillingParty } from '@contracts/billing/charge-tax';
import { COUNTRY_CODES } from '@contracts/billing/country-codes';
import { addressLines, countryName } from '@contracts/billing/document-text';
import { Field, FormAlert, Select, TextInput } from '../../../components/forms/FormField';
import { Button } from '../../../components/ui/Button';
import { ServerFnError } from '../../../lib/server-fn-client';
import { billingDetailsMutation, billingDetailsQuery } from '../../../queries/billing';
import { savedMessage } from './billing-details-text';
import { Panel } from './Panel';

const FIELDS: readonly BillingDetailsField[] = ['name', 'businessName', 'line1', 'line2', 'city', 'postalCode', 'state', 'country', 'taxId'];
const TAX_ID_ERRORS = new Set(['billing.tax_id_invalid', 'billing.tax_id_unverified', 'billing.tax_id_unsupported']);
const COUNTRIES = COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) => a.name.localeCompare(b.name));
const TAX_ID_STATUS = { verified: 'verified', pending: 'being checked', unavailable: 'not checked by an authority', none: '' } as const;

type Errors = Partial<Record<BillingDetailsField, string>>;

function valuesOf(details: BillingParty | null): BillingDetailsInput {
  const address = details?.address;
  return {
    name: details?.name ?? '',
    businessName: details?.businessName ?? '',
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    city: address?.city ?? '',
    postalCode: address?.postalCode ?? '',
    state: address?.state ?? '',
    country: address?.country ?? '',
    taxId: details?.taxIds[0]?.value ?? '',
  };
}

function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[] | undefined): Errors {
  const errors: Errors = {};
  for (const issue of issues ?? []) {
    const field = issue.path[0];
    if (typeof field === 'string' && (FIELDS as readonly string[]).includes(field)) errors[field as BillingDetailsField] ??= issue.message;
  }
  return errors;
}

/** The details as invoices show them, with the tax number's standing. */
function Summary({ details, taxIdStatus }: { details: BillingParty | null; taxIdStatus: keyof typeof TAX_ID_STATUS }) {
  if (!details) return <p className="text-sm text-ink-muted">No billing details yet: your invoices name the email address you paid with.</p>;
  const taxId = details.taxIds[0];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="billing-details-summary">
      {details.businessName ? (
        <>
          <dt className="text-ink-subtle">Business</dt>
          <dd className="text-ink">{details.businessName}</dd>
        </>
      ) : null}
      {details.name ? (
        <>
          <dt className="text-ink-subtle">Name</dt>
          <dd className="text-ink">{details.name}</dd>
        </>
      ) : null}
      <dt className="text-ink-subtle">Address</dt>
      <dd className="text-ink-muted">
        {addressLines(details.address).map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </dd>
      {taxId ? (
        <>
          <dt className="text-ink-subtle">Tax number</dt>
          <dd className="text-ink-muted">
            {taxId.value}
            {TAX_ID_STATUS[taxIdStatus] ? <span className="text-ink-subtle"> ({TAX_ID_STATUS[taxIdStatus]})</span> : null}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * The billing details invoices name, and the form to add or correct them after a purchase. Saving
 * reissues the invoices of the last 30 days (a credit note and a new invoice each); a verified EU
 * VAT number abroad also returns the VAT charged on them.
 */
export function BillingDetailsPanel() {
  const id = useId();
  const { data } = useSuspenseQuery(billingDetailsQuery());
  const queryClient = useQueryClient();
  const save = useMutation(billingDetailsMutation(queryClient));
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<BillingDetailsInput>(() => valuesOf(data.details));
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string>();
  const [saved, setSaved] = useState<string[]>();
  const formRef = useRef<HTMLFormElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);

  const open = () => {
    setValues(valuesOf(data.details));
    setErrors({});
    setAlert(undefined);
    setSaved(undefined);
    setEditing(true);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('input, select')?.focus());
  };
  const close = () => {
    setEditing(false);
    requestAnimationFrame(() => document.getElementById(`${id}-edit`)?.focus());
  };

  const set = (field: BillingDetailsField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const showErrors = (next: Errors) => {
    setErrors(next);
    const first = FIELDS.find((field) => next[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    setAlert(undefined);
    const local = billingDetailsInput.safeParse(values);
    if (!local.success) return showErrors(errorsOf(local.error.issues));
    save.mutate(local.data, {
      onSuccess: (answer) => {
        setSaved(savedMessage(answer));
        setEditing(false);
        requestAnimationFrame(() => statusRef.current?.focus());
      },
      onError: (error) => {
        if (!(error instanceof ServerFnError)) setAlert('We could not reach the server. Check your connection and try again.');
        else if (error.code === 'VALIDATION_FAILED') showErrors(errorsOf(error.issues));
        else if (TAX_ID_ERRORS.has(error.code)) showErrors({ taxId: error.message });
        else setAlert(error.message);
      },
    });
  };

  const text = (field: BillingDetailsField, label: string, options: { autoComplete: string; max: number; required?: boolean; hint?: string }) => (
    <Field id={`${id}-${field}`} label={options.required ? label : `${label} (optional)`} error={errors[field]} hint={options.hint}>
      <TextInput
        id={`${id}-${field}`}
        name={field}
        autoComplete={options.autoComplete}
        maxLength={options.max}
        required={options.required}
        value={values[field]}
        onChange={set(field)}
        error={errors[field]}
        hasHint={Boolean(options.hint)}
      />
    </Field>
  );

  return (
    <Panel
      title="Billing details"
      labelledBy="billing-details"
      action={
        editing ? null : (
          <Button id={`${id}-edit`} variant="secondary" size="sm" onClick={open}>
            {data.details ? 'Edit billing details' : 'Add billing details'}
          </Button>
        )
      }
    >
      {saved ? (
        <div ref={statusRef} tabIndex={-1} className="mb-4 focus:outline-none">
          <FormAlert tone="info">
            {saved.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </FormAlert>
        </div>
      ) : null}
      {!editing ? (
        <Summary details={data.details} taxIdStatus={data.taxIdStatus} />
      ) : (
        <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5" aria-busy={save.isPending} aria-label="Billing details">
          <p className="text-sm text-ink-muted">
            Invoices name these details. Saving reissues the invoices of your charges from the last 30 days; with a verified EU VAT number, the VAT charged on
            them is refunded.
          </p>
          {alert ? <FormAlert>{alert}</FormAlert> : null}
          <div className="grid gap-5 sm:grid-cols-2">
            {text('name', 'Full name', { autoComplete: 'name', max: BILLING_DETAILS_LIMITS.name })}
            {text('businessName', 'Business name', { autoComplete: 'organization', max: BILLING_DETAILS_LIMITS.name })}
            {text('line1', 'Address', { autoComplete: 'address-line1', max: BILLING_DETAILS_LIMITS.line, required: true })}
            {text('line2', 'Address line 2', { autoComplete: 'address-line2', max: BILLING_DETAILS_LIMITS.line })}
            {text('city', 'City', { autoComplete: 'address-level2', max: BILLING_DETAILS_LIMITS.city, required: true })}
            {text('postalCode', 'Postal code', { autoComplete: 'postal-code', max: BILLING_DETAILS_LIMITS.postalCode })}
            {text('state', 'State, province or region', { autoComplete: 'address-level1', max: BILLING_DETAILS_LIMITS.state })}
            <Field id={`${id}-country`} label="Country" error={errors.country}>
              <Select
                id={`${id}-country`}
                name="country"
                autoComplete="country"
                required
                value={values.country}
                onChange={set('country')}
                error={errors.country}
              >
                <option value="">Choose a country</option>
                {COUNTRIES.map(({ code, name }) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </Select>
            </Field>
            <div className="sm:col-span-2">
              {text('taxId', 'Tax ID (VAT or GST number)', {
                autoComplete: 'off',
                max: BILLING_DETAILS_LIMITS.taxId,
                hint: 'For businesses. An EU VAT number starts with its country code, such as DE123456789.',
              })}
            </div>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
              {save.isPending ? 'Saving…' : 'Save billing details'}
            </Button>
            <Button variant="ghost" onClick={close} disabled={save.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </Panel>
  );
}
