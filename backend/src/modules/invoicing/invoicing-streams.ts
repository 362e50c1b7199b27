import { Injectable } from '@nestjs/common';
import { StreamStateCache } from '../../events/command-runner';
import { SerializedStreams } from '../../events/serialized-streams';
import type { SeriesState } from './invoicing.decider';

/**
 * What the issuing commands share: a series is written one document at a time across every process
 * (so 50 concurrent charges queue for numbers instead of losing races for them), each from this
 * process's cached state of the series.
 */
@Injectable()
export class InvoiceSeriesStreams {
  readonly states = new StreamStateCache<SeriesState>(1_000);

  constructor(readonly streams: SerializedStreams) {}
}
