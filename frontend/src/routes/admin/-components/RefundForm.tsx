import type { CustomerAccount } from '@contracts/admin/customer-account.contract';
import type { AdminViewer } from '@contracts/admin/support-actions.contract';
import { FIELD, SupportActionForm } from './SupportActionForm';

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

/** A refund of all or part of what is left of a payment, sent to Stripe by the worker. */
export function RefundForm({ account, viewer }: { account: CustomerAccount; viewer: AdminViewer }) {
  const refundable = account.purchases.filter((purchase) => purchase.status !== 'disputed' && purchase.refundedCents < purchase.amountCents);
  const left = (checkoutRef: string) => {
    const purchase = refundable.find((p) => p.checkoutRef === checkoutRef);
    return purchase ? { cents: purchase.amountCents - purchase.refundedCents, currency: purchase.currency, title: purchase.title } : null;
  };
  return (
    <SupportActionForm
      userId={account.userId}
      viewer={viewer}
      kind="refund"
      destructive
      description="Refunds all or part of a payment through Stripe. A partial refund keeps the customer's access; refunding the rest takes it away."
      unavailable={refundable.length === 0 ? 'No payment left to refund.' : undefined}
      read={(form) => {
        const checkoutRef = String(form.get('checkoutRef') ?? '');
        const purchase = left(checkoutRef);
        if (!purchase) return 'Pick a payment.';
        const typed = String(form.get('amount') ?? '').trim();
        const amount = typed === '' ? purchase.cents : Math.round(Number(typed) * 100);
        if (!Number.isInteger(amount) || amount < 1) return 'Amount: a sum such as 12.50, or empty for all that is left.';
        if (amount > purchase.cents) return `At most ${money(purchase.cents, purchase.currency)} is left to refund.`;
        return { kind: 'refund', details: { checkoutRef, amount, currency: purchase.currency.toLowerCase() } };
      }}
      confirmText={(body) => {
        if (body.kind !== 'refund') return 'Refund?';
        const purchase = left(body.details.checkoutRef);
        const whole = purchase?.cents === body.details.amount;
        return `Refund ${money(body.details.amount, body.details.currency)} of ${purchase?.title ?? 'this payment'}${whole ? ', all that is left: access to it ends' : ', a part: access stays'}?`;
      }}
    >
      <label className="block text-xs text-ink-subtle">
        Payment
        <select name="checkoutRef" className={FIELD}>
          {refundable.map((purchase) => (
            <option key={purchase.checkoutRef} value={purchase.checkoutRef}>
              {purchase.title} · {money(purchase.amountCents - purchase.refundedCents, purchase.currency)} left
            </option>
          ))}
        </select>
      </label>
      <label className="block text-xs text-ink-subtle">
        Amount (empty for all that is left)
        <input name="amount" inputMode="decimal" pattern="\d+(\.\d{1,2})?" placeholder="12.50" className={FIELD} />
      </label>
    </SupportActionForm>
  );
}
