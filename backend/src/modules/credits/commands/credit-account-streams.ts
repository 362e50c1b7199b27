import { Injectable } from '@nestjs/common';
import { StreamStateCache } from '../../../events/command-runner';
import { KeyedLanes } from '../../../events/keyed-lanes';
import type { CreditState } from '../credits.decider';

/** Concurrent debits of one account in another process lose the stream race and try again. */
export const RACE_RETRIES = 20;

/**
 * What every command on a credit account shares in this process. Commands of one account are taken
 * one at a time here (they would only race for the stream's next version otherwise); across
 * processes the stream's optimistic concurrency keeps every balance at or above zero.
 */
@Injectable()
export class CreditAccountStreams {
  readonly lanes = new KeyedLanes();
  /** An account's stream grows with every debit: it is folded once, then read on from there. */
  readonly states = new StreamStateCache<CreditState>();
}
