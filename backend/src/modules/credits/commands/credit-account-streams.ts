import { Injectable } from '@nestjs/common';
import { StreamStateCache } from '../../../events/command-runner';
import { SerializedStreams } from '../../../events/serialized-streams';
import type { CreditState } from '../credits.decider';

/**
 * What every command on a credit account shares: they run one at a time per account across every
 * process (so concurrent debits wait for each other's balance instead of losing races to it), each
 * from this process's cached state of the account.
 */
@Injectable()
export class CreditAccountStreams {
  /** An account's stream grows with every debit: it is folded once, then read on from there. */
  readonly states = new StreamStateCache<CreditState>();

  constructor(readonly streams: SerializedStreams) {}
}
