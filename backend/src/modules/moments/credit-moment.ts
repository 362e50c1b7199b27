import type { AccountMoment } from '../../../../contracts/admin/account-moment.contract';
import { addOnRemaining, creditLedgerDecider, type CreditEvent, type CreditState, includedRemaining } from '../credits';

interface Cycle {
  licenseId: string;
  cycleStart: string;
  cycleEnd: string;
  allowance: number;
}

/**
 * The ledger as the decider folds it (packs left, included credits used per cycle), with each
 * cycle's allowance and end: the decider only notes that a cycle started, since a debit brings
 * its cycle with it, while the page counts the cycles running at the moment shown.
 */
export interface CreditMoment {
  state: CreditState;
  cycles: readonly Cycle[];
}

export const emptyCredits = (): CreditMoment => ({ state: creditLedgerDecider.initialState(), cycles: [] });

export function evolveCredits(moment: CreditMoment, event: CreditEvent): CreditMoment {
  const state = creditLedgerDecider.evolve(moment.state, event);
  if (event.type !== 'IncludedCreditsCycleStarted') return { ...moment, state };
  const { licenseId, cycleStart, cycleEnd, allowance } = event.data;
  return { state, cycles: [...moment.cycles, { licenseId, cycleStart, cycleEnd, allowance }] };
}

export function creditsView(moment: CreditMoment, at: Date): AccountMoment['credits'] {
  const time = at.getTime();
  const included = moment.cycles
    .filter((cycle) => Date.parse(cycle.cycleStart) <= time && Date.parse(cycle.cycleEnd) > time)
    .reduce((sum, cycle) => sum + includedRemaining(moment.state, cycle), 0);
  const packs = addOnRemaining(moment.state);
  return { included, packs, balance: included + packs };
}
