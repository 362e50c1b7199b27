import { useEffect, useId, useRef, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import type { PromotionTerms } from '@contracts/promotions/promotion-terms';
import { Field, FormAlert, Select, TextInput } from '../../../components/forms/FormField';
import { Button } from '../../../components/ui/Button';
import { ServerFnError } from '../../../lib/server-fn-client';
import { createPromotionMutation } from '../../../queries/promotions';
import { DRAFT_FIELDS, draftErrors, EMPTY_DRAFT, readDraft, type DraftErrors, type DraftField, type PromotionDraft } from './promotion-draft';

const CHECKBOX = 'mt-0.5 size-4 shrink-0 accent-accent-500';
/** The draft's fields typed as text. */
type TextKey = 'code' | 'name' | 'maxRedemptions' | 'minimum' | 'startsAt' | 'endsAt';

function Check({ name, checked, onChange, children }: { name: string; checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }) {
  return (
    <label className="flex items-start gap-3 text-sm text-ink">
      <input type="checkbox" name={name} className={CHECKBOX} checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{children}</span>
    </label>
  );
}

/**
 * Every term of a new promotion, checked with the server's own schema before it is sent; the
 * server's refusals (a code already given) are shown beside their field.
 */
export function NewPromotionForm({
  products,
  onCreated,
  onCancel,
}: {
  products: ReadonlyArray<{ id: string; title: string }>;
  onCreated: (promotionId: string, terms: PromotionTerms) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const create = useMutation(createPromotionMutation(queryClient));
  const [draft, setDraft] = useState<PromotionDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [alert, setAlert] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => formRef.current?.querySelector<HTMLElement>('input')?.focus(), []);

  const change = <K extends keyof PromotionDraft>(key: K, value: PromotionDraft[K], clears?: DraftField) => {
    setDraft((current) => ({ ...current, [key]: value }));
    if (clears && errors[clears]) setErrors((current) => ({ ...current, [clears]: undefined }));
  };
  const text = (key: keyof PromotionDraft, clears: DraftField) => (event: { target: { value: string } }) => change(key, event.target.value as never, clears);

  const showErrors = (next: DraftErrors) => {
    setErrors(next);
    const first = DRAFT_FIELDS.find((field) => next[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    setAlert(undefined);
    const read = readDraft(draft);
    if ('errors' in read) return showErrors(read.errors);
    create.mutate(read.terms, {
      onSuccess: (answer) => onCreated(answer.promotionId, read.terms),
      onError: (error) => {
        if (!(error instanceof ServerFnError)) return setAlert('We could not reach the server. Check your connection and try again.');
        if (error.code === 'promotion.exists') return showErrors({ code: error.message });
        const fields = error.code === 'VALIDATION_FAILED' ? draftErrors(draft, error.issues) : {};
        if (Object.keys(fields).length > 0) return showErrors(fields);
        setAlert(error.code === 'admin.owner_only' ? 'Only the owner may create promotions.' : error.message);
      },
    });
  };

  const fieldId = (field: string) => `${id}-${field}`;
  /** A text field of the draft: its label, hint and error, the input bound to `key`, its error cleared as it changes. */
  const textField = (key: TextKey, field: DraftField, label: string, hint: string, input: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <Field id={fieldId(field)} label={label} error={errors[field]} hint={hint}>
      <TextInput id={fieldId(field)} name={field} autoComplete="off" value={draft[key]} onChange={text(key, field)} error={errors[field]} hasHint {...input} />
    </Field>
  );
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      aria-label="New promotion"
      aria-busy={create.isPending}
      className="space-y-6 rounded-xl border border-line-strong bg-surface-raised p-4 sm:p-6"
    >
      <h2 className="text-lg font-semibold text-ink">New promotion</h2>
      {alert ? <FormAlert>{alert}</FormAlert> : null}

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-ink">How customers get it</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <label className="flex items-center gap-2 text-sm text-ink">
            <input type="radio" name="automatic" className={CHECKBOX} checked={!draft.automatic} onChange={() => change('automatic', false, 'code')} />
            With a code they type
          </label>
          <label className="flex items-center gap-2 text-sm text-ink">
            <input type="radio" name="automatic" className={CHECKBOX} checked={draft.automatic} onChange={() => change('automatic', true, 'code')} />
            Automatic, no code
          </label>
        </div>
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-2">
        {draft.automatic ? (
          <div className="self-end">
            <Check name="stacksWithCodes" checked={draft.stacksWithCodes} onChange={(checked) => change('stacksWithCodes', checked)}>
              May be combined with a code
            </Check>
          </div>
        ) : (
          textField('code', 'code', 'Code', 'Letters, digits, dashes or underscores; customers may type it in any case.', {
            spellCheck: false,
            maxLength: 40,
            className: 'uppercase',
          })
        )}
        {textField('name', 'name', 'Name', 'What checkout and invoices call it, such as “Launch sale”.', { maxLength: 80 })}

        <Field id={fieldId('discountType')} label="Discount kind">
          <Select
            id={fieldId('discountType')}
            name="discountType"
            value={draft.discountType}
            onChange={(event) => change('discountType', event.target.value as PromotionDraft['discountType'], 'discount')}
          >
            <option value="percent">Percent off</option>
            <option value="amount">Amount off (US dollars)</option>
          </Select>
        </Field>
        <Field id={fieldId('discount')} label={draft.discountType === 'percent' ? 'Percent off' : 'Amount off in dollars'} error={errors.discount}>
          <TextInput
            id={fieldId('discount')}
            name="discount"
            inputMode="decimal"
            autoComplete="off"
            value={draft.discountValue}
            onChange={text('discountValue', 'discount')}
            error={errors.discount}
          />
        </Field>

        <Field
          id={fieldId('durationKind')}
          label="Duration"
          hint="For a subscription: which of its charges get the discount. A one-time purchase: its one charge."
        >
          <Select
            id={fieldId('durationKind')}
            name="durationKind"
            value={draft.durationKind}
            onChange={(event) => change('durationKind', event.target.value as PromotionDraft['durationKind'], 'duration')}
            aria-describedby={`${fieldId('durationKind')}-hint`}
          >
            <option value="once">First charge</option>
            <option value="repeating">A number of months</option>
            <option value="forever">Every charge</option>
          </Select>
        </Field>
        {draft.durationKind === 'repeating' ? (
          <Field id={fieldId('duration')} label="Months" error={errors.duration}>
            <TextInput
              id={fieldId('duration')}
              name="duration"
              inputMode="numeric"
              autoComplete="off"
              value={draft.months}
              onChange={text('months', 'duration')}
              error={errors.duration}
            />
          </Field>
        ) : (
          <div />
        )}
      </div>

      <fieldset aria-describedby={`${fieldId('products')}-hint`}>
        <legend className="text-sm font-medium text-ink">Products</legend>
        <p id={`${fieldId('products')}-hint`} className="mt-1 text-sm text-ink-subtle">
          None checked: every paid product.
        </p>
        <div className="mt-3 grid gap-2 sm:grid-cols-2">
          {products.map((product) => (
            <Check
              key={product.id}
              name="productIds"
              checked={draft.productIds.includes(product.id)}
              onChange={(checked) =>
                change('productIds', checked ? [...draft.productIds, product.id] : draft.productIds.filter((p) => p !== product.id), 'productIds')
              }
            >
              {product.title}
            </Check>
          ))}
        </div>
        {errors.productIds ? <p className="mt-1.5 text-sm text-danger">{errors.productIds}</p> : null}
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-2">
        {textField('maxRedemptions', 'maxRedemptions', 'Max redemptions (optional)', 'Empty: no limit.', { inputMode: 'numeric' })}
        {textField('minimum', 'minimumAmountCents', 'Minimum purchase in dollars (optional)', 'Before the discount.', { inputMode: 'decimal' })}
        <Check name="oncePerCustomer" checked={draft.oncePerCustomer} onChange={(checked) => change('oncePerCustomer', checked)}>
          Once per customer
        </Check>
        <Check name="firstPurchaseOnly" checked={draft.firstPurchaseOnly} onChange={(checked) => change('firstPurchaseOnly', checked)}>
          First purchase only
        </Check>
        {textField('startsAt', 'startsAt', 'Starts (UTC, optional)', 'Empty: now.', { type: 'datetime-local' })}
        {textField('endsAt', 'endsAt', 'Ends (UTC, optional)', 'Empty: until you end it.', { type: 'datetime-local' })}
      </div>

      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? <LoaderCircle aria-hidden className="animate-spin" /> : null}
          {create.isPending ? 'Creating…' : 'Create promotion'}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
