/** The disputes module's public surface: the app imports only this. */
export { disputeStreamKinds } from './disputes.stream-kinds';
export { DisputesModule } from './disputes.module';
export { DisputeEvidenceAssembled, DisputeEvidenceSubmitted, DisputeOpened, disputeStreamId } from './disputes.events';
export { readChargeDisputers } from './disputes.reads';
export { breakLongRuns, pdfSafeText } from './pdf-safe-text';
