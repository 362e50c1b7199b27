import { useId, useState } from 'react';
import type { CheckoutData } from '@contracts/checkout/checkout.contract';
import { Button } from '../../../components/ui/Button';
import { TextInput } from '../../../components/forms/FormField';

/**
 * The promotion code: typed and applied (the page's address carries it, so a link with `?code=`
 * fills it in and the server checks it), or removed. Without JavaScript the field is posted with
 * the checkout form and checked there. The reason a code does not apply is announced beside it.
 */
export function PromotionCodeField({
  data,
  code,
  onApply,
  disabled,
}: {
  data: Pick<CheckoutData, 'discount' | 'codeRefusal'>;
  code: string | undefined;
  onApply(code: string | undefined): void;
  disabled: boolean;
}) {
  const id = useId();
  const [typed, setTyped] = useState(code ?? '');
  const applied = data.discount?.code && code ? data.discount : null;
  if (applied)
    return (
      <div className="flex items-center justify-between gap-3 rounded-lg border border-line bg-surface/60 px-4 py-3 text-sm" data-testid="promotion-applied">
        <p className="text-ink" role="status">
          <span className="font-semibold">{applied.code}</span> applied: {applied.name}.
          <input type="hidden" name="code" value={applied.code ?? ''} />
        </p>
        <Button
          variant="secondary"
          size="sm"
          disabled={disabled}
          onClick={() => {
            setTyped('');
            onApply(undefined);
          }}
        >
          Remove<span className="sr-only"> code {applied.code}</span>
        </Button>
      </div>
    );
  const refusal = data.codeRefusal && data.codeRefusal.code === code ? data.codeRefusal.message : undefined;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        Promotion code <span className="font-normal text-ink-subtle">(optional)</span>
      </label>
      <div className="mt-1.5 flex gap-2">
        <TextInput
          id={id}
          name="code"
          value={typed}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          error={refusal}
          disabled={disabled}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            // Enter in the code field applies the code; it does not open Stripe's page.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            if (typed.trim()) onApply(typed.trim());
          }}
          className="uppercase"
        />
        <Button variant="secondary" disabled={disabled || !typed.trim()} onClick={() => onApply(typed.trim())}>
          Apply
        </Button>
      </div>
      {refusal ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-danger" role="alert" data-testid="promotion-refusal">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
