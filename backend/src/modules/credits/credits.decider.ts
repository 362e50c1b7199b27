import type { Decider } from '../../events/decider';
import type { UsageKind, UsageMeasures } from '../../../../contracts/plugin/credits-v1';
import { AddOnCreditsAdded, AddOnCreditsRemoved, CreditsDebited, IncludedCreditsCycleStarted, type CreditEvent } from './credits.events';
import { InsufficientCreditsError } from './credits.errors';

export interface CycleAllowance {
  licenseId: string;
  cycleStart: string;
  cycleEnd: string;
  /** Included credits per cycle; 0 when the license does not grant any now. */
  allowance: number;
}

export type CreditCommand =
  | { type: 'AddCreditPack'; userId: string; packId: string; resourceId: string; title: string; credits: number; at: string }
  | { type: 'RemoveCreditPack'; userId: string; packId: string; reason: 'refund' | 'dispute'; at: string }
  | {
      type: 'DebitCredits';
      userId: string;
      entryId: string;
      requestId: string;
      cycle: CycleAllowance;
      endpoint: string;
      usageKind: UsageKind;
      credits: number;
      measures: UsageMeasures | null;
      at: string;
    };

export interface CreditState {
  /** Packs in the order bought, with what is left of each; removed packs are gone from here. */
  packs: Array<{ packId: string; remaining: number }>;
  /** Every pack ever added or removed: a refunded pack must not come back on a late redelivery. */
  knownPacks: Set<string>;
  /** Included credits used, per license and cycle start. */
  includedUsed: Map<string, number>;
  /** Cycles whose allowance has been recorded. */
  cyclesStarted: Set<string>;
}

const cycleKey = (licenseId: string, cycleStart: string) => `${licenseId}|${cycleStart}`;

export const addOnRemaining = (state: CreditState) => state.packs.reduce((sum, pack) => sum + pack.remaining, 0);
export const includedRemaining = (state: CreditState, cycle: CycleAllowance) =>
  Math.max(0, cycle.allowance - (state.includedUsed.get(cycleKey(cycle.licenseId, cycle.cycleStart)) ?? 0));

export const creditLedgerDecider: Decider<CreditCommand, CreditEvent, CreditState> = {
  events: [AddOnCreditsAdded, AddOnCreditsRemoved, IncludedCreditsCycleStarted, CreditsDebited],
  initialState: () => ({ packs: [], knownPacks: new Set(), includedUsed: new Map(), cyclesStarted: new Set() }),

  evolve(state, event) {
    switch (event.type) {
      case 'AddOnCreditsAdded':
        return {
          ...state,
          packs: [...state.packs, { packId: event.data.packId, remaining: event.data.credits }],
          knownPacks: new Set(state.knownPacks).add(event.data.packId),
        };
      case 'AddOnCreditsRemoved':
        return {
          ...state,
          packs: state.packs.filter((pack) => pack.packId !== event.data.packId),
          knownPacks: new Set(state.knownPacks).add(event.data.packId),
        };
      case 'IncludedCreditsCycleStarted':
        return { ...state, cyclesStarted: new Set(state.cyclesStarted).add(cycleKey(event.data.licenseId, event.data.cycleStart)) };
      case 'CreditsDebited': {
        const key = cycleKey(event.data.licenseId, event.data.cycleStart);
        const includedUsed = new Map(state.includedUsed).set(key, (state.includedUsed.get(key) ?? 0) + event.data.fromIncluded);
        const spent = new Map(event.data.fromPacks.map((part) => [part.packId, part.credits]));
        const packs = state.packs.map((pack) => (spent.has(pack.packId) ? { ...pack, remaining: pack.remaining - spent.get(pack.packId)! } : pack));
        return { ...state, includedUsed, packs };
      }
      default:
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'AddCreditPack':
        if (state.knownPacks.has(command.packId)) return [];
        return [
          AddOnCreditsAdded({
            userId: command.userId,
            packId: command.packId,
            resourceId: command.resourceId,
            title: command.title,
            credits: command.credits,
            at: command.at,
          }),
        ];
      case 'RemoveCreditPack': {
        const pack = state.packs.find((p) => p.packId === command.packId);
        if (!pack && state.knownPacks.has(command.packId)) return [];
        // A refund can be handled before its purchase is: the pack is then closed before it opens.
        return [AddOnCreditsRemoved({ userId: command.userId, packId: command.packId, removed: pack?.remaining ?? 0, reason: command.reason, at: command.at })];
      }
      case 'DebitCredits': {
        const { cycle } = command;
        const fromIncluded = Math.min(command.credits, includedRemaining(state, cycle));
        const available = includedRemaining(state, cycle) + addOnRemaining(state);
        if (command.credits > available) throw new InsufficientCreditsError(available, command.credits);
        const fromPacks: Array<{ packId: string; credits: number }> = [];
        let owed = command.credits - fromIncluded;
        for (const pack of state.packs) {
          if (owed === 0) break;
          const take = Math.min(owed, pack.remaining);
          if (take > 0) fromPacks.push({ packId: pack.packId, credits: take });
          owed -= take;
        }
        const events: CreditEvent[] = [];
        if (!state.cyclesStarted.has(cycleKey(cycle.licenseId, cycle.cycleStart)) && cycle.allowance > 0) {
          events.push(
            IncludedCreditsCycleStarted({
              userId: command.userId,
              licenseId: cycle.licenseId,
              cycleStart: cycle.cycleStart,
              cycleEnd: cycle.cycleEnd,
              allowance: cycle.allowance,
              at: command.at,
            }),
          );
        }
        events.push(
          CreditsDebited({
            userId: command.userId,
            entryId: command.entryId,
            requestId: command.requestId,
            licenseId: cycle.licenseId,
            cycleStart: cycle.cycleStart,
            endpoint: command.endpoint,
            usageKind: command.usageKind,
            credits: command.credits,
            fromIncluded,
            fromPacks,
            includedBefore: includedRemaining(state, cycle),
            addOnBefore: addOnRemaining(state),
            measures: command.measures,
            at: command.at,
          }),
        );
        return events;
      }
      default: {
        const unreachable: never = command;
        return unreachable;
      }
    }
  },
};
