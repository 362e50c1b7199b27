import { deciderSpec } from '../../../../test/support/decider-spec';
import { type TaxQuarterCommand, taxQuarterDecider } from './tax-report.decider';
import { QuarterAlreadyClosedError, QuarterNotEndedError } from './tax-report.errors';
import { TaxQuarterClosed } from './tax-report.events';

const spec = deciderSpec(taxQuarterDecider);
const CHECKSUM = 'a'.repeat(64);
const THROUGH = { transactionId: '812', position: '4410' };

const close = (quarter: string, at: string, checksum = CHECKSUM): TaxQuarterCommand => ({
  type: 'CloseTaxQuarter',
  quarter,
  closedThrough: THROUGH,
  checksum,
  at,
});
const closed = (quarter: string, at: string) => TaxQuarterClosed({ quarter, closedThrough: THROUGH, checksum: CHECKSUM, closedAt: at });

describe('an open quarter that has ended', () => {
  it('is closed with the checkpoint its report was read at and the checksum of the CSV filed', () => {
    spec
      .given([])
      .when(close('2026-Q3', '2026-10-01T00:00:00.000Z'))
      .then([closed('2026-Q3', '2026-10-01T00:00:00.000Z')]);
  });

  it('is closed at any later time too', () => {
    spec
      .given([])
      .when(close('2025-Q4', '2026-11-29T12:00:00.000Z'))
      .then([closed('2025-Q4', '2026-11-29T12:00:00.000Z')]);
  });
});

describe('a quarter that has not ended', () => {
  it('is refused up to the last instant of its last day (UTC)', () => {
    spec.given([]).when(close('2026-Q4', '2026-12-31T23:59:59.999Z')).thenThrows(QuarterNotEndedError, 'tax_report.quarter_not_ended');
  });

  it('is refused while it is still to come', () => {
    spec.given([]).when(close('2027-Q1', '2026-11-29T12:00:00.000Z')).thenThrows(QuarterNotEndedError, 'tax_report.quarter_not_ended');
  });
});

describe('a closed quarter', () => {
  it('is not closed again, with the same report or another', () => {
    const history = [closed('2026-Q3', '2026-10-02T09:00:00.000Z')];
    spec.given(history).when(close('2026-Q3', '2026-10-03T09:00:00.000Z')).thenThrows(QuarterAlreadyClosedError, 'tax_report.quarter_closed');
    spec
      .given(history)
      .when(close('2026-Q3', '2026-10-03T09:00:00.000Z', 'b'.repeat(64)))
      .thenThrows(QuarterAlreadyClosedError);
  });

  it('refuses a second close in the same breath (a double click)', () => {
    spec.given([]).when(close('2026-Q3', '2026-10-01T00:00:00.000Z'), close('2026-Q3', '2026-10-01T00:00:01.000Z')).thenThrows(QuarterAlreadyClosedError);
  });
});
