import { planName } from '@contracts/catalog/plan-names';
import type { AccountMoment } from '@contracts/admin/account-moment.contract';
import { AccountPanels, CreditsFact, Fact } from '../../-components/account-rows';

/** The account as it was then: the sections of the account page that its events decide. */
export function MomentView({ moment }: { moment: AccountMoment }) {
  return (
    <section aria-labelledby="account-then" className="mt-8">
      <h2 id="account-then" className="text-lg font-semibold text-ink">
        The account then
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-2 rounded-xl border border-line bg-surface-raised p-4 text-sm sm:grid-cols-2">
        <Fact term="Plan">{moment.plan ? planName(moment.plan) : 'No plan'}</Fact>
        <CreditsFact credits={moment.credits} />
      </dl>
      <AccountPanels account={moment} view="then" />
    </section>
  );
}
