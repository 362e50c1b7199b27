/** The tax-report module's public surface: the app imports only this. */
export { TaxReportModule } from './tax-report.module';
export { TaxQuarterClosed, taxQuarterStreamId } from './tax-report.events';
export { taxReportStreamKinds } from './tax-report.stream-kinds';
