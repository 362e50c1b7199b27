import { planName } from '@contracts/catalog/plan-names';
import type { CustomerAccount } from '@contracts/admin/customer-account.contract';
import { AccountPanels, CreditsFact, Fact, Panel, when } from './account-rows';

/** The account as it is now: what the customer has, owes and was sent. */
export function AccountNow({ account }: { account: CustomerAccount }) {
  return (
    <section aria-labelledby="account-now">
      <h2 id="account-now" className="text-lg font-semibold text-ink">
        The account now
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 rounded-xl border border-line bg-surface-raised p-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Fact term="User id">
          <span className="font-mono text-xs break-all">{account.userId}</span>
        </Fact>
        <Fact term="Email">{account.email ?? '—'}</Fact>
        <Fact term="Plan">{account.plan ? planName(account.plan) : 'No plan'}</Fact>
        <CreditsFact credits={account.credits} />
      </dl>
      <AccountPanels account={account} view="now">
        <Panel title="Emails sent" empty="No emails sent." items={account.emails}>
          {(email) => (
            <li key={`${email.kind}-${email.deliveredAt}`} className="px-4 py-3">
              <span className="font-medium text-ink">{email.kind}</span> to {email.toAddress} · {when(email.deliveredAt)}
            </li>
          )}
        </Panel>
      </AccountPanels>
    </section>
  );
}
