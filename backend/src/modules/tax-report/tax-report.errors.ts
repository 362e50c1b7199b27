import { ModuleError } from '../../platform/common/module-error';

/** A quarter is filed after it ends: closing it earlier would freeze a report still taking sales. */
export class QuarterNotEndedError extends ModuleError {
  static readonly code = 'tax_report.quarter_not_ended';
  static readonly status = 409;
  constructor(quarter: string, endsAt: string) {
    super(`${quarter} has not ended yet: it can be closed from ${endsAt}.`);
  }
}

/** A quarter is closed once: its report as filed never changes. */
export class QuarterAlreadyClosedError extends ModuleError {
  static readonly code = 'tax_report.quarter_closed';
  static readonly status = 409;
  constructor(quarter: string) {
    super(`${quarter} is already closed.`);
  }
}

/** The CSV download asked for something that is not a quarter (`/admin/tax-report/<YYYY-Qn>.csv`). */
export class NoSuchQuarterError extends ModuleError {
  static readonly code = 'tax_report.no_such_quarter';
  static readonly status = 404;
  constructor() {
    super('No such quarter: ask for /admin/tax-report/<YYYY-Qn>.csv.');
  }
}
